/**
 * The typed API client: generated types (`schema.d.ts`, from the app's own OpenAPI schema via
 * `make api-client`) plus openapi-fetch. Every call goes through `api`; errors become ApiError
 * with the spec's messages (section 7, "Shared request behaviour"; section 8).
 */
import createClient, { type Middleware } from "openapi-fetch";

import type { components, paths } from "./schema";

export type Schemas = components["schemas"];

export const NOT_AUTHENTICATED_MESSAGE = "Not authenticated. Please log in.";

/** Sent with every call: the server refuses state-changing cookie requests without it (CSRF). */
export const CSRF_HEADERS = { "X-Requested-With": "XMLHttpRequest" } as const;

/** A non-OK response: `status: body text` (the spec's request-helper message), or for a 401 the
 * JSON `error` field when there is one. `body` keeps the parsed JSON for callers that need it
 * (e.g. a 403 carrying needsTermsAgreement). */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;

  constructor(status: number, message: string, body: unknown) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.body = body;
  }
}

function errorField(body: unknown): string | undefined {
  if (body && typeof body === "object" && "error" in body) {
    const value = (body as { error: unknown }).error;
    if (typeof value === "string" && value.trim()) return value;
  }
  return undefined;
}

/** The server's own `error` text of a failed call (`{ error, ...detail }`, api/errors.py), if it came
 * with one: what a screen shows where the spec says "server error". A network failure has none. */
export function serverMessage(error: unknown): string | undefined {
  return error instanceof ApiError ? errorField(error.body) : undefined;
}

export async function toApiError(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => "");
  let body: unknown = undefined;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  if (response.status === 401) {
    return new ApiError(401, errorField(body) ?? NOT_AUTHENTICATED_MESSAGE, body);
  }
  return new ApiError(response.status, `${response.status}: ${text || response.statusText}`, body);
}

/** Errors throw instead of coming back as `{ error }`, so TanStack Query sees them as errors. */
const throwOnError: Middleware = {
  async onResponse({ response }) {
    if (!response.ok) throw await toApiError(response);
    return undefined;
  },
};

/**
 * A `bodySerializer` for multipart/form-data operations: every field that is set becomes a form
 * field, a Blob or File as a file part. openapi-fetch then leaves Content-Type to the browser,
 * which adds the boundary. Use: `api.POST(path, { body, bodySerializer: formDataBody })`.
 */
export function formDataBody(body: Record<string, unknown>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(body)) {
    if (value === undefined || value === null) continue;
    form.append(name, value instanceof Blob ? value : String(value));
  }
  return form;
}

/**
 * A file for a multipart field. The generated schema types `format: binary` fields as `string`
 * (openapi-typescript's default); the value really is the file, which `formDataBody` sends as a
 * file part. The one place that bridges the two.
 */
export function fileField(file: Blob): string {
  return file as unknown as string;
}

/** Calls go to this page's own origin unless told otherwise. */
export function createApiClient(baseUrl = typeof window === "undefined" ? "" : window.location.origin) {
  const client = createClient<paths>({
    baseUrl,
    credentials: "include",
    // Looked up per call, so tests (and polyfills) can replace the global fetch after import.
    fetch: (request: Request) => globalThis.fetch(request),
    headers: { Accept: "application/json", ...CSRF_HEADERS },
  });
  client.use(throwOnError);
  return client;
}

export const api = createApiClient();
