import { Form } from "@remix-run/react";
import type { ReactNode } from "react";

/**
 * A form of one button: posts `intent` and the hidden fields naming what it acts on (a row's
 * "revoke", "delete", "replay"…). A plain post, so it works without JavaScript.
 */
export function IntentButton({
  intent,
  fields = {},
  className = "button button--ghost button--small",
  children,
}: {
  intent: string;
  fields?: Record<string, string | number>;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Form method="post">
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" name="intent" value={intent} className={className}>
        {children}
      </button>
    </Form>
  );
}
