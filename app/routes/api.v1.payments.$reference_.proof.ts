// POST /api/v1/payments/{reference}/proof (multipart/form-data, the file in `proof`): the receipt of
// a bank transfer or deposit, through the same service as the reservation and experience booking
// pages' upload (uploadPaymentProof) → 200 the payment; 400 on the field `proof`; 404; 409.
import { uploadPaymentProofByReference } from "~/services/payments/bank-payments.server";
import { AppError } from "~/utils/app-error";
import { apiError, apiRoute, methodNotAllowed } from "~/utils/api.server";
import { requireApiUser } from "~/utils/auth.server";
import { readFormData } from "~/utils/form-data.server";

export const loader = methodNotAllowed(["POST"]);

export const action = apiRoute(async ({ request, params }) => {
  if (request.method !== "POST") throw apiError(405, "api:errors.method_not_allowed", { values: { allow: ["POST"] } });
  const user = await requireApiUser(request);
  const form = await readFormData(request);
  const file = form.get("proof");
  if (!(file instanceof File) || file.size === 0) throw new AppError(400, "payment:errors.proofRequired", { fields: { proof: "payment:errors.proofRequired" } });
  return uploadPaymentProofByReference(user, params.reference, { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) });
});
