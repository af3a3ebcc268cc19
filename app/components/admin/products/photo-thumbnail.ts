/**
 * A small copy of a chosen photo as a `data:` URL, for the product form's preview. Not an object
 * (`blob:`) URL: the page's Content-Security-Policy allows `data:` images and no `blob:` ones, and an
 * admin page's policy is the one of whichever page the browser loaded first (the login page, the
 * shop), so it cannot be widened for the admin alone. A thumbnail instead of the whole file keeps a
 * form with eight 5 MB photos light. Null when the browser cannot read the file as a picture (the
 * server, which decides, will say why).
 */
export async function photoThumbnail(file: Blob, shortSide = 320): Promise<string | null> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return null;
  }
  try {
    const scale = Math.min(1, shortSide / Math.min(bitmap.width, bitmap.height));
    const canvas = document.createElement("canvas");
    canvas.width = Math.max(1, Math.round(bitmap.width * scale));
    canvas.height = Math.max(1, Math.round(bitmap.height * scale));
    const context = canvas.getContext("2d");
    if (!context) return null;
    context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    return canvas.toDataURL("image/jpeg", 0.85);
  } finally {
    bitmap.close();
  }
}
