import { useId, useState } from "react";
import { TextareaField } from "~/components/ui/field";
import type { FieldErrors } from "~/lib/forms/form-errors";
import { ORDER_STATUS_LABELS } from "~/lib/orders/order-status";
import { STATUS_MESSAGE_MAX } from "~/lib/group/settings-form.schema";
import {
  PREVIEW_VALUES,
  renderStatusMessage,
  STATUS_MESSAGE_KEYS,
  STATUS_MESSAGE_LABELS,
  STATUS_MESSAGE_PLACEHOLDER_HINTS,
  STATUS_MESSAGE_PLACEHOLDERS,
  type StatusMessageKey,
  type StatusMessages,
} from "~/lib/orders/status-messages";

/**
 * The texts of 'Avisar cliente no WhatsApp', one per status, each with a preview filled in with a
 * sample order (a pick-up one for 'Pronto para retirada') that follows the typing.
 */
export function StatusMessagesFields({ messages, errors }: { messages: StatusMessages; errors: FieldErrors }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-2xl bg-white p-5 shadow-sm sm:p-6">
      <h2 id={id} className="text-lg font-bold">
        Mensagens de status no WhatsApp
      </h2>
      <p className="mt-1 text-sm text-slate-600">O texto de “Avisar cliente no WhatsApp” em cada pedido. Pode usar:</p>
      <ul className="mt-2 grid gap-x-4 text-sm text-slate-700 sm:grid-cols-2">
        {STATUS_MESSAGE_PLACEHOLDERS.map((name) => (
          <li key={name}>
            <code className="font-semibold">{`{${name}}`}</code> {STATUS_MESSAGE_PLACEHOLDER_HINTS[name]}
          </li>
        ))}
      </ul>
      <div className="mt-4 space-y-5">
        {STATUS_MESSAGE_KEYS.map((key) => (
          <StatusMessageField key={key} statusKey={key} initial={messages[key]} error={errors[`statusMessages.${key}`]} />
        ))}
      </div>
    </section>
  );
}

function StatusMessageField({ statusKey, initial, error }: { statusKey: StatusMessageKey; initial: string; error?: string }) {
  const [text, setText] = useState(initial);
  const sample = statusKey === "pickupReady" ? PREVIEW_VALUES.pickup : { ...PREVIEW_VALUES.delivery, status: ORDER_STATUS_LABELS[statusKey] };
  return (
    // grid-cols-1 (minmax(0, 1fr)), not the implicit auto column: that one grows to the textarea's and
    // the preview's own width, 4 px past a 320 px screen.
    <div className="grid grid-cols-1 gap-3 md:grid-cols-2">
      <TextareaField
        rows={5}
        label={STATUS_MESSAGE_LABELS[statusKey]}
        name={`statusMessages.${statusKey}`}
        defaultValue={initial}
        maxLength={STATUS_MESSAGE_MAX}
        onChange={(event) => setText(event.currentTarget.value)}
        error={error}
      />
      <div>
        <p className="text-sm font-semibold text-slate-800">Prévia</p>
        <p className="mt-1 whitespace-pre-line break-words rounded-lg bg-green-50 p-3 text-sm text-slate-800" data-testid={`status-message-preview-${statusKey}`}>
          {renderStatusMessage(text, sample)}
        </p>
      </div>
    </div>
  );
}
