// The /admin/configuracoes form as the page fills it in, for tests that post it back with a few changes.
import { decimalCommaPrice } from "~/lib/forms/price-input";
import { coordinateInput } from "~/lib/group/settings-form.schema";
import type { SettingsPage } from "~/server/group/settings-admin.server";

/** The form as the page renders it (the same encoding as the inputs), with `changes` applied: null removes a field. */
export function settingsForm(page: SettingsPage, changes: Record<string, string | null> = {}): FormData {
  const { settings } = page;
  const fields: Record<string, string> = {
    storeName: settings.storeName,
    storeEmail: settings.storeEmail,
    storePhone: settings.storePhone,
    storeWhatsApp: settings.storeWhatsApp,
    businessHours: settings.businessHours,
    instagram: settings.instagram,
    facebook: settings.facebook,
    deliveryFee: decimalCommaPrice(settings.deliveryFeeCents),
    freeShippingMin: decimalCommaPrice(settings.freeShippingMinCents),
    deliveryCities: settings.deliveryCities.join("\n"),
    deliveryDays: settings.deliveryDays,
    maxInstallments: String(settings.maxInstallments),
    orderHoldHours: String(settings.orderHoldHours),
    maxUnitsPerLine: String(settings.maxUnitsPerLine),
    maxUnitsPerOrder: String(settings.maxUnitsPerOrder),
    pixKey: settings.pixKey,
    pixMerchantName: settings.pixMerchantName,
    pixMerchantCity: settings.pixMerchantCity,
  };
  for (const [key, on] of Object.entries(settings.paymentMethods)) if (on) fields[`paymentMethods.${key}`] = "on";
  for (const key of ["emailNotifications", "whatsappNotifications", "orderNotifications"] as const) if (settings[key]) fields[key] = "on";
  for (const [key, text] of Object.entries(settings.statusMessages)) fields[`statusMessages.${key}`] = text;
  page.locations.forEach((location, index) => {
    fields[`locations.${index}.id`] = String(location.id);
    fields[`locations.${index}.name`] = location.name;
    fields[`locations.${index}.address`] = location.address;
    fields[`locations.${index}.phone`] = location.phone;
    fields[`locations.${index}.whatsapp`] = location.whatsapp;
    fields[`locations.${index}.hours`] = location.hours;
    fields[`locations.${index}.lat`] = coordinateInput(location.lat);
    fields[`locations.${index}.lng`] = coordinateInput(location.lng);
    // As the page sends its 'Vende no site' box: the marker always, the box when ticked.
    fields[`locations.${index}.servesOnlineSent`] = "1";
    if (location.servesOnline) fields[`locations.${index}.servesOnline`] = "on";
  });
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) delete fields[key];
    else fields[key] = value;
  }
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  return form;
}
