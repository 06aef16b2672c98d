// Parity map (ADR 225): conversations and messages.
import type { ApiParityEntry } from "../api-parity";

export const parity: ApiParityEntry[] = [
  { route: "($lang).messages.new.tsx", api: ["POST /api/v1/conversations"] },
  { route: "($lang).messages.($id).tsx", api: ["POST /api/v1/conversations/{conversationUID}/messages"] },
  { route: "($lang).dashboard.messages.($id).tsx", api: ["POST /api/v1/conversations/{conversationUID}/messages"] },
];
