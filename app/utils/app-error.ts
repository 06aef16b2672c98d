// The one error type services throw. `key` is a translation key (namespace:key or common key),
// `values` fill its placeholders, `fields` carry per-field keys for forms and the API.
export class AppError extends Error {
  readonly status: number;
  readonly key: string;
  readonly code: string;
  readonly values?: Record<string, unknown>;
  readonly fields?: Record<string, string>;

  constructor(
    status: number,
    key: string,
    options: { code?: string; values?: Record<string, unknown>; fields?: Record<string, string> } = {},
  ) {
    super(key);
    this.name = "AppError";
    this.status = status;
    this.key = key;
    this.code = options.code ?? defaultCode(status);
    this.values = options.values;
    this.fields = options.fields;
  }
}

export function defaultCode(status: number): string {
  switch (status) {
    case 400:
      return "invalid_input";
    case 401:
      return "unauthorized";
    case 403:
      return "forbidden";
    case 404:
      return "not_found";
    case 409:
      return "conflict";
    case 422:
      return "unprocessable";
    case 429:
      return "too_many_requests";
    default:
      return status >= 500 ? "server_error" : "error";
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}

/** The error's per-field keys as a Conform reply takes them (`submission.reply({ fieldErrors })`). */
export function fieldErrorsOf(error: AppError): Record<string, string[]> {
  return Object.fromEntries(Object.entries(error.fields ?? {}).map(([field, key]) => [field, [key]]));
}
