import { type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { API_SCOPES } from "~/domain/api-scopes";
import { WEBHOOK_EVENT_TYPES } from "~/domain/webhooks";
import { apiReference, type ReferenceOperation } from "~/services/developers/api-reference.server";
import developersStyles from "~/styles/developers.css?url";
import { env } from "~/utils/env.server";
import { getFixedT, getLanguage } from "~/utils/i18n.server";
import { useLocalizedPath } from "~/utils/localized-path";

// /developers: the API documentation (ADR 223). The OpenAPI document of /api/v1/openapi.json
// rendered on the server as HTML — guides (authentication and scopes, idempotency, errors,
// pagination, rate limits, webhook signatures), then every operation by tag — and searched with a
// plain GET form (?q=), so it works without JavaScript and loads nothing from elsewhere.

export const handle = { i18n: ["developers"] };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: developersStyles }];
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.pageTitle} · Darna` : "Darna" },
  { name: "description", content: data?.description ?? "" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const query = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const t = await getFixedT(await getLanguage(request), "developers");
  const baseUrl = env.appUrl.replace(/\/$/, "");
  return { reference: apiReference(query, baseUrl), baseUrl, pageTitle: t("docs.title"), description: t("docs.intro") };
}

const ERROR_EXAMPLE = JSON.stringify(
  { error: { code: "invalid_input", message: "Check the highlighted fields.", fields: { checkIn: "Check-in must be today or later." } } },
  null,
  2,
);

const DELIVERY_EXAMPLE = JSON.stringify(
  {
    id: "evt_3f0c9a2b7d1e4c5a6b7c8d9e",
    type: "reservation.paid",
    createdAt: "2026-07-01T09:00:00.000Z",
    data: { reservation: { id: 42, reference: "DR7K2M9QXA", listingId: 7, status: "confirmed", checkIn: "2026-07-10", checkOut: "2026-07-14", total: 512000, currency: "TND" } },
  },
  null,
  2,
);

const VERIFY_EXAMPLE = `import crypto from "node:crypto";

// rawBody: the request body exactly as received (before any JSON parsing).
export function isFromDarna(secret, signatureHeader, rawBody) {
  const parts = Object.fromEntries(signatureHeader.split(",").map((part) => part.split("=")));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || Math.abs(Date.now() / 1000 - t) > 300) return false;
  const expected = crypto.createHmac("sha256", secret).update(\`\${t}.\${rawBody}\`).digest("hex");
  const given = Buffer.from(parts.v1 ?? "", "hex");
  return given.length === 32 && crypto.timingSafeEqual(given, Buffer.from(expected, "hex"));
}`;

const VERIFY_SHELL = `# t and v1 from the Darna-Signature header; body.json holds the raw body
printf '%s.%s' "$T" "$(cat body.json)" | openssl dgst -sha256 -hmac "$DARNA_WEBHOOK_SECRET"`;

function Operation({ operation }: { operation: ReferenceOperation }) {
  const { t } = useTranslation("developers");
  return (
    <article className="api-operation" id={operation.anchor} data-testid="api-operation" aria-labelledby={`${operation.anchor}-title`}>
      <h4 id={`${operation.anchor}-title`}>
        <span className={`api-method api-method--${operation.method.toLowerCase()}`}>{operation.method}</span>
        <code>{operation.path}</code>
        <span>{operation.summary}</span>
      </h4>
      {operation.description ? <p>{operation.description}</p> : null}
      <dl>
        <dt>{t("docs.scope")}</dt>
        <dd>{operation.scope ? <code>{operation.scope}</code> : operation.bearer ? "—" : t("docs.noScope")}</dd>
        {operation.requestSchema ? (
          <>
            <dt>{t("docs.requestBody")}</dt>
            <dd>
              <SchemaName name={operation.requestSchema} />
            </dd>
          </>
        ) : null}
        <dt>{t("docs.responses")}</dt>
        <dd>
          <ul>
            {operation.responses.map((response) => (
              <li key={response.status}>
                <strong>{response.status}</strong> {response.description} {response.schema ? <SchemaName name={response.schema} /> : null}
              </li>
            ))}
          </ul>
        </dd>
        <dt>{t("docs.errorCodes")}</dt>
        <dd>
          {operation.errors.map((error, index) => (
            <span key={error.status} title={error.description}>
              {index > 0 ? ", " : ""}
              <a href="#errors">{error.status}</a>
            </span>
          ))}
        </dd>
      </dl>
      {operation.parameters.length > 0 ? (
        <table>
          <caption className="visually-hidden">{t("docs.parameters")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("docs.parameterName")}</th>
              <th scope="col">{t("docs.parameterIn")}</th>
              <th scope="col">{t("docs.parameterRequired")}</th>
              <th scope="col">{t("docs.parameterDescription")}</th>
            </tr>
          </thead>
          <tbody>
            {operation.parameters.map((parameter) => (
              <tr key={`${parameter.in}-${parameter.name}`}>
                <td>
                  <code>{parameter.name}</code> <small>{parameter.type}</small>
                </td>
                <td>{parameter.in}</td>
                <td>{parameter.required ? t("docs.required") : t("docs.optional")}</td>
                <td>{parameter.description ?? ""}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <p>
        <strong>{t("docs.curl")}</strong>
      </p>
      <pre>
        <code>{operation.curl}</code>
      </pre>
    </article>
  );
}

function SchemaName({ name }: { name: string }) {
  // A named schema links to its definition below; anything else (an inline type) is shown as is.
  const base = name.replace(/\[\]$/, "");
  return /^[A-Z]\w*$/.test(base) ? (
    <a href={`#schema-${base}`}>
      <code>{name}</code>
    </a>
  ) : (
    <code>{name}</code>
  );
}

export default function DevelopersPage() {
  const { reference, baseUrl } = useLoaderData<typeof loader>();
  const { t } = useTranslation("developers");
  const lp = useLocalizedPath();
  const guides = [
    { id: "authentication", label: t("docs.auth.title") },
    { id: "idempotency", label: t("docs.idempotency.title") },
    { id: "errors", label: t("docs.errors.title") },
    { id: "pagination", label: t("docs.pagination.title") },
    { id: "rate-limits", label: t("docs.rateLimits.title") },
    { id: "webhooks", label: t("docs.webhooks.title") },
  ];
  return (
    <main className="developers">
      <h1>{t("docs.title")}</h1>
      <p>{t("docs.intro")}</p>
      <p>
        <a href="/api/v1/openapi.json" data-testid="openapi-link">
          {t("docs.rawDocument")}
        </a>{" "}
        <small>
          ({reference.title} {reference.version}, OpenAPI 3.1)
        </small>
      </p>
      <Form method="get" className="developers__search" role="search" data-testid="api-search">
        <div>
          <label htmlFor="api-q">{t("docs.search")}</label>
          <br />
          <input id="api-q" type="search" name="q" defaultValue={reference.query} aria-describedby="api-q-hint" />
          <p id="api-q-hint" className="field__hint">
            {t("docs.searchHint")}
          </p>
        </div>
        <button type="submit" className="button">
          {t("docs.searchButton")}
        </button>
        {reference.query ? <Link to={lp("/developers")}>{t("docs.clear")}</Link> : null}
      </Form>
      {reference.query ? (
        <p role="status" data-testid="api-search-result">
          {reference.shown > 0 ? t("docs.results", { count: reference.shown, q: reference.query }) : t("docs.noResults", { q: reference.query })}
        </p>
      ) : null}

      <div className="developers__layout">
        <nav className="developers__toc" aria-label={t("docs.contents")}>
          <h2>{t("docs.contents")}</h2>
          <ul>
            {guides.map((guide) => (
              <li key={guide.id}>
                <a href={`#${guide.id}`}>{guide.label}</a>
              </li>
            ))}
            <li>
              <a href="#operations">{t("docs.operations")}</a>
              <ul>
                {reference.tags.map((tag) => (
                  <li key={tag.anchor}>
                    <a href={`#${tag.anchor}`}>
                      {tag.name} ({tag.operations.length})
                    </a>
                  </li>
                ))}
              </ul>
            </li>
            <li>
              <a href="#schemas">{t("docs.schemas")}</a>
            </li>
          </ul>
        </nav>

        <div>
          <section id="authentication" aria-labelledby="authentication-title" data-testid="guide-authentication">
            <h2 id="authentication-title">{t("docs.auth.title")}</h2>
            <p>{t("docs.auth.session")}</p>
            <pre>
              <code>{`curl -X POST '${baseUrl}/api/v1/auth/token' \\\n  -H 'Content-Type: application/json' \\\n  -d '{"email":"host@example.com","password":"…"}'\n\nexport DARNA_TOKEN=…   # the "token" of the answer\ncurl '${baseUrl}/api/v1/reservations' -H "Authorization: Bearer $DARNA_TOKEN"`}</code>
            </pre>
            <p>
              {t("docs.auth.pat")} <Link to={lp("/profile/security")}>/profile/security</Link>
            </p>
            <h3>{t("docs.auth.scopes")}</h3>
            <p>{t("docs.auth.scopeNote")}</p>
            <ul data-testid="api-scopes">
              {API_SCOPES.map((scope) => (
                <li key={scope}>
                  <code>{scope}</code>
                </li>
              ))}
            </ul>
          </section>

          <section id="idempotency" aria-labelledby="idempotency-title" data-testid="guide-idempotency">
            <h2 id="idempotency-title">{t("docs.idempotency.title")}</h2>
            <p>{t("docs.idempotency.body")}</p>
            <pre>
              <code>{`curl -X POST '${baseUrl}/api/v1/reservations' \\\n  -H "Authorization: Bearer $DARNA_TOKEN" \\\n  -H 'Idempotency-Key: 6f1c2d3e-booking-42' \\\n  -H 'Content-Type: application/json' \\\n  -d '{"listingId":7,"checkIn":"2026-07-10","checkOut":"2026-07-14","adults":2}'`}</code>
            </pre>
          </section>

          <section id="errors" aria-labelledby="errors-title" data-testid="guide-errors">
            <h2 id="errors-title">{t("docs.errors.title")}</h2>
            <p>{t("docs.errors.body")}</p>
            <pre>
              <code>{ERROR_EXAMPLE}</code>
            </pre>
          </section>

          <section id="pagination" aria-labelledby="pagination-title" data-testid="guide-pagination">
            <h2 id="pagination-title">{t("docs.pagination.title")}</h2>
            <p>{t("docs.pagination.body")}</p>
            <pre>
              <code>{`curl '${baseUrl}/api/v1/notifications?page=2&pageSize=100' -H "Authorization: Bearer $DARNA_TOKEN"\n\n{ "items": [ … ], "page": 2, "pageSize": 100, "total": 231 }`}</code>
            </pre>
          </section>

          <section id="rate-limits" aria-labelledby="rate-limits-title" data-testid="guide-rate-limits">
            <h2 id="rate-limits-title">{t("docs.rateLimits.title")}</h2>
            <p>{t("docs.rateLimits.body")}</p>
            <pre>
              <code>{`HTTP/1.1 429 Too Many Requests\nRateLimit-Limit: 600\nRateLimit-Remaining: 0\nRateLimit-Reset: 42\nRetry-After: 42`}</code>
            </pre>
          </section>

          <section id="webhooks" aria-labelledby="webhooks-title" data-testid="guide-webhooks">
            <h2 id="webhooks-title">{t("docs.webhooks.title")}</h2>
            <p>{t("docs.webhooks.body")}</p>
            <p>
              <Link to={lp("/profile/developers")}>{t("docs.webhooks.manage")}</Link>
            </p>
            <h3>{t("docs.webhooks.events")}</h3>
            <ul data-testid="webhook-events">
              {WEBHOOK_EVENT_TYPES.map((type) => (
                <li key={type}>
                  <code>{type}</code>: {t(`eventTypes.${type}`)}
                </li>
              ))}
            </ul>
            <pre>
              <code>{`POST /your/endpoint HTTP/1.1\nContent-Type: application/json\nDarna-Event: reservation.paid\nDarna-Delivery: 1234\nDarna-Signature: t=1782896400,v1=5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd\n\n${DELIVERY_EXAMPLE}`}</code>
            </pre>
            <p>{t("docs.webhooks.verify")}</p>
            <pre data-testid="verify-example">
              <code>{VERIFY_EXAMPLE}</code>
            </pre>
            <pre>
              <code>{VERIFY_SHELL}</code>
            </pre>
          </section>

          <section id="operations" aria-labelledby="operations-title">
            <h2 id="operations-title">
              {t("docs.operations")} <small>{t("docs.operationCount", { count: reference.shown })}</small>
            </h2>
            {reference.tags.map((tag) => (
              <section key={tag.anchor} id={tag.anchor} aria-labelledby={`${tag.anchor}-title`} data-testid="api-tag">
                <h3 id={`${tag.anchor}-title`}>{tag.name}</h3>
                {tag.description ? <p>{tag.description}</p> : null}
                {tag.operations.map((operation) => (
                  <Operation key={operation.anchor} operation={operation} />
                ))}
              </section>
            ))}
          </section>

          <section id="schemas" aria-labelledby="schemas-title">
            <h2 id="schemas-title">{t("docs.schemas")}</h2>
            <p>{t("docs.schemaNote")}</p>
            {reference.schemas.map((schema) => (
              <details key={schema.name} id={`schema-${schema.name}`}>
                <summary>
                  <code>{schema.name}</code>
                </summary>
                <pre>
                  <code>{schema.json}</code>
                </pre>
              </details>
            ))}
          </section>
        </div>
      </div>
    </main>
  );
}
