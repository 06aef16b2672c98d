// /admin/payments/{id}/proof: the uploaded proof of a bank transfer or deposit, for operators
// (and the traveler who sent it). Proofs are stored outside the public uploads.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { readPaymentProof } from "~/services/payments/bank-payments.server";
import { isAppError } from "~/utils/app-error";
import { requireUser } from "~/utils/auth.server";
import { requireIdParam } from "~/utils/id-param";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const id = requireIdParam(params.id);
  try {
    const proof = await readPaymentProof(user, id);
    return new Response(new Uint8Array(proof.bytes), {
      headers: {
        "Content-Type": proof.type,
        "Content-Disposition": `inline; filename="${proof.name.replace(/"/g, "")}"`,
        "Cache-Control": "private, no-store",
        "X-Content-Type-Options": "nosniff",
      },
    });
  } catch (error) {
    if (isAppError(error) && error.status === 404) throw new Response("Not Found", { status: 404 });
    throw error;
  }
}
