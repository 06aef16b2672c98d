import { createContext, useContext } from "react";

// The signed-in user's realtime connection, shared by the whole page (ADR 080): the shell holds one
// socket (components/messages/realtime-connection, loaded lazily and only for signed-in people) and
// publishes it here; the messages pages use it instead of opening their own. Kept tiny: anonymous
// pages load this module with the shell, never the connection itself.

export interface LiveMessage {
  id: number;
  conversationUID: string;
  senderId: number;
  body: string;
  createdAt: string;
}

export type SocketStatus = "connecting" | "live" | "offline";

export interface RealtimeListener {
  /** An incoming message; return true when it is shown to the user (the open thread): it is then marked seen. */
  message?: (message: LiveMessage) => boolean | void;
  /** A translated error the server answered (a refused message). */
  error?: (text: string) => void;
}

export interface Realtime {
  status: SocketStatus;
  /** Messages to the user not seen yet, kept live. */
  unseen: number;
  /** The user's unread notifications (ADR 146), kept live. */
  notifications: number;
  /** Sends over the socket; false when not live (the caller posts the form instead). */
  send: (conversationUID: string, message: string) => boolean;
  /** Follows incoming messages and errors; returns the unsubscribe function. */
  subscribe: (listener: RealtimeListener) => () => void;
  /** A fresher count from a page's loader (opening a conversation marks it seen). */
  setUnseen: (count: number) => void;
}

export const RealtimeContext = createContext<Realtime | null>(null);

/** The page's realtime connection, or null (signed out, JavaScript still loading, error page). */
export function useRealtime(): Realtime | null {
  return useContext(RealtimeContext);
}
