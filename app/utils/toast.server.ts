import { createCookieSessionStorage, redirect } from "@remix-run/node";
import { z } from "zod";
import { env } from "~/utils/env.server";

// Toasts travel in a flash cookie, so they show after a redirect with JavaScript off too.
// `message` is a translation key; `values` fill its placeholders.
export const ToastSchema = z.object({
  id: z.string().default(() => Math.random().toString(36).slice(2)),
  type: z.enum(["success", "error", "info"]).default("info"),
  message: z.string(),
  values: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type Toast = z.infer<typeof ToastSchema>;
export type ToastInput = z.input<typeof ToastSchema>;

const toastKey = "toast";
const toastStorage = createCookieSessionStorage({
  cookie: {
    name: "toast",
    sameSite: "lax",
    path: "/",
    httpOnly: true,
    secrets: [env.sessionSecret],
    secure: env.isProduction && env.appUrl.startsWith("https:"),
  },
});

export async function createToastHeaders(input: ToastInput): Promise<Headers> {
  const session = await toastStorage.getSession();
  session.flash(toastKey, ToastSchema.parse(input));
  return new Headers({ "Set-Cookie": await toastStorage.commitSession(session) });
}

export async function redirectWithToast(url: string, toast: ToastInput, init?: ResponseInit) {
  const headers = new Headers(init?.headers);
  for (const [name, value] of await createToastHeaders(toast)) headers.append(name, value);
  return redirect(url, { ...init, headers });
}

/** The pending toast, if any, and the header that clears it once shown. */
export async function getToast(request: Request): Promise<{ toast: Toast | null; headers: Headers | null }> {
  const session = await toastStorage.getSession(request.headers.get("Cookie"));
  // has() first: get() consumes a flash value, after which has() is false.
  if (!session.has(toastKey)) return { toast: null, headers: null };
  const parsed = ToastSchema.safeParse(session.get(toastKey));
  return {
    toast: parsed.success ? parsed.data : null,
    headers: new Headers({ "Set-Cookie": await toastStorage.destroySession(session) }),
  };
}
