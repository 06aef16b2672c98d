import { z } from "~/schemas/zod";
import { supportedLanguages } from "~/utils/i18n";
import { isTimeZone } from "~/utils/time-zone";
import { messages } from "./account-fields";

const choice = { error: (issue: { input: unknown }) => (issue.input === undefined ? messages.required : messages.invalidChoice) };

/** /profile/settings: language, display currency and time zone, applied at every sign-in. */
export const SettingsSchema = z.object({
  language: z.enum(supportedLanguages, choice),
  currency: z.string(choice).regex(/^[A-Z]{3}$/, { error: messages.invalidChoice }),
  timeZone: z.string(choice).max(64, { error: messages.invalidChoice }).refine(isTimeZone, { error: messages.invalidChoice }),
});
export type SettingsInput = z.output<typeof SettingsSchema>;
