import { z } from "zod";
import { supportedLanguages } from "~/utils/i18n";
import { messages } from "./account-fields";

export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

const choice = { error: (issue: { input: unknown }) => (issue.input === undefined ? messages.required : messages.invalidChoice) };

/** /profile/settings: language, display currency and time zone, applied at every sign-in. */
export const SettingsSchema = z.object({
  language: z.enum(supportedLanguages, choice),
  currency: z.string(choice).regex(/^[A-Z]{3}$/, { error: messages.invalidChoice }),
  timeZone: z.string(choice).max(64, { error: messages.invalidChoice }).refine(isTimeZone, { error: messages.invalidChoice }),
});
export type SettingsInput = z.output<typeof SettingsSchema>;
