// The one guard of every admin page (ADR 170): a signed-in member of the team whose role grants
// the capability. Anonymous visitors go to the sign-in page (the API: 401); anyone else signed in
// gets 403.
import { can, type AdminCapability } from "~/domain/staff-roles";
import { AppError } from "~/utils/app-error";
import { requireUser, type SessionUser } from "~/utils/auth.server";

export async function requireAdmin(request: Request, capability: AdminCapability): Promise<SessionUser> {
  const user = await requireUser(request);
  if (can(user.role, capability)) return user;
  if (new URL(request.url).pathname.startsWith("/api/")) throw new AppError(403, "auth:forbidden", { code: "forbidden" });
  throw new Response("Forbidden", { status: 403 });
}
