export function AdminBadge() {
  return <span className="rounded-full bg-brand-100 px-2 py-0.5 text-xs font-bold text-brand-800">Admin</span>;
}
