/** A radio button drawn as a card, for the checkout's delivery and payment choices. */
export function ChoiceCard({
  name,
  value,
  checked,
  onChange,
  children,
}: {
  name: string;
  value: string;
  checked: boolean;
  onChange: () => void;
  children: React.ReactNode;
}) {
  return (
    <label className={`flex cursor-pointer items-center gap-3 rounded-lg border p-3 ${checked ? "border-brand-600 bg-brand-50" : "border-slate-300"}`}>
      <input type="radio" name={name} value={value} checked={checked} onChange={onChange} className="h-4 w-4 accent-brand-600" />
      <span className="font-medium">{children}</span>
    </label>
  );
}
