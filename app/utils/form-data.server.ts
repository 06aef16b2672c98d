// The one way a page action reads its form: a body that does not parse as a form (a broken
// multipart body, a cut-off upload) is the visitor's 400, never a 500. server.ts has already
// refused bodies that are not forms at all (415) or too large (413).
export async function readFormData(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw new Response("The form could not be read.", { status: 400, statusText: "Bad Request" });
  }
}
