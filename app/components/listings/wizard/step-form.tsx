// The shared helper of the listing wizard's step forms, one file per step beside it (steps.tsx picks
// one by name); used by /become-host/{step} and the host's edit pages. Each is a plain
// <Form method="post"> that works without JavaScript; Conform adds client-side validation with the
// same zod schema when JavaScript runs. A hidden `form` field names the step, so a page may hold
// several of these forms.
import { useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ReactNode } from "react";
import { z } from "~/schemas/zod";
import { SubmitButton } from "~/components/ui/submit-button";
import type { AssistantResult } from "~/domain/writing-assistant";
import type { SerializeFrom } from "@remix-run/node";
import type { ListingView } from "~/services/listings/listing-view.server";

/** The listing as the wizard's loaders send it: the one ListingView shape, serialized. */
export type StepFormListing = SerializeFrom<ListingView>;

/** The action's answer to a form that did not redirect (see app/services/listings/listing-forms.server.ts). */
export interface FormAnswerData {
  form: string;
  reply: SubmissionResult<string[]>;
  assistant?: AssistantResult;
  values?: Record<string, string>;
  governorate?: string;
}

export interface StepFormProps {
  listing: StepFormListing | null;
  answer?: FormAnswerData | null;
  submitLabel: string;
  /** Extra content at the end of the form (e.g. the wizard's "back" link). */
  footer?: ReactNode;
  /** Map tiles for the address step's pin (MAP_TILE_URL, OpenStreetMap by default). */
  tiles?: { url: string; attribution: string };
}

function lastResultFor(answer: FormAnswerData | null | undefined, form: string) {
  return answer && answer.form === form ? answer.reply : undefined;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function useStepForm<Schema extends z.ZodType<any, Record<string, any>>>(
  name: string,
  schema: Schema,
  answer: FormAnswerData | null | undefined,
  defaultValue: Record<string, unknown>,
  version = "",
) {
  return useForm<z.input<Schema>, z.output<Schema>, string[]>({
    // A new id (version) starts a new form state, so new default values show (the assistant's drafts).
    id: `listing-${name}${version}`,
    lastResult: lastResultFor(answer, name),
    defaultValue: defaultValue as never,
    // The writing assistant's button posts whatever is typed, unvalidated (like formNoValidate).
    onValidate: ({ formData }) =>
      formData.get("intent") === "assist" ? (parseWithZod(formData, { schema: looseSchema }) as never) : parseWithZod(formData, { schema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
}

const looseSchema = z.looseObject({});

/** The step's submit button, after the footer (the wizard's "back" link). */
export function SubmitRow({ label, footer, name = "intent", value = "save" }: { label: string; footer?: ReactNode; name?: string; value?: string }) {
  return (
    <div className="form-actions">
      {footer}
      <SubmitButton name={name} value={value}>
        {label}
      </SubmitButton>
    </div>
  );
}

/** A number as a form's default value (nothing when there is none). */
export const numberToInput = (value: number | null | undefined) => (value === null || value === undefined ? undefined : String(value));
