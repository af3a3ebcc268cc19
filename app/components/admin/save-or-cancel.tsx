/**
 * The buttons under an admin panel's editing form (coupons, delivery zones): 'Salvar …' sends the
 * form with its `intent`; 'Cancelar' closes an edit of an existing row (a new one has nothing to cancel).
 */
export function SaveOrCancel({ intent, label, onCancel }: { intent: string; label: string; onCancel?: () => void }) {
  return (
    <div className="flex gap-3">
      <button type="submit" name="intent" value={intent} className="rounded-lg bg-brand-600 px-4 py-2 font-bold text-white hover:bg-brand-700">
        {label}
      </button>
      {onCancel ? (
        <button type="button" onClick={onCancel} className="rounded-lg border border-slate-300 px-4 py-2 font-semibold">
          Cancelar
        </button>
      ) : null}
    </div>
  );
}
