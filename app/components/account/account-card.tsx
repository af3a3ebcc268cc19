import { Link, useNavigation } from "react-router";

/** The narrow card the sign-in, registration and password pages sit in. */
export function AccountCard({ title, intro, children }: { title: string; intro?: React.ReactNode; children: React.ReactNode }) {
  return (
    <div className="container-page flex justify-center py-8 sm:py-12">
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold">{title}</h1>
        {intro ? <div className="mt-1 text-sm text-slate-600">{intro}</div> : null}
        <div className="mt-6">{children}</div>
      </div>
    </div>
  );
}

/** A message about the whole form: errors are announced at once, confirmations politely. */
export function FormMessage({ tone, children }: { tone: "error" | "success"; children: React.ReactNode }) {
  return tone === "error" ? (
    <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm font-medium text-red-800">
      {children}
    </p>
  ) : (
    <p role="status" className="rounded-lg border border-green-300 bg-green-50 p-3 text-sm font-medium text-green-800">
      {children}
    </p>
  );
}

/** The form's main button; says it is working while the form is being sent. */
export function SubmitButton({ children, busyLabel, name, value }: { children: React.ReactNode; busyLabel: string; name?: string; value?: string }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && (!name || navigation.formData?.get(name) === value);
  return (
    <button
      type="submit"
      name={name}
      value={value}
      disabled={navigation.state === "submitting"}
      className="w-full rounded-lg bg-brand-600 px-5 py-3 font-semibold text-white hover:bg-brand-700 disabled:opacity-70"
    >
      {busy ? busyLabel : children}
    </button>
  );
}

/** The way back to the shop under the sign-in forms. */
export function BackToShopLink() {
  return (
    <p className="text-center text-sm">
      <Link to="/" className="text-slate-600 hover:underline">
        Voltar para a loja
      </Link>
    </p>
  );
}
