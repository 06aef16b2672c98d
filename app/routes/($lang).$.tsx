// Any path no route claims: the translated not-found page, with status 404.
export async function loader() {
  throw new Response("Not Found", { status: 404 });
}

export default function NotFound() {
  return null;
}
