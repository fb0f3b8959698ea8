import { afterEach, describe, expect, it, vi } from "vitest";

import { ApiError, NOT_AUTHENTICATED_MESSAGE, createApiClient, fileField, formDataBody } from "./client";

function respondWith(response: Response) {
  const fetchMock = vi.fn(async (_input: Request) => response);
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("api client", () => {
  it("returns typed data on success", async () => {
    const fetchMock = respondWith(
      new Response(JSON.stringify({ status: "ok", version: "1" }), {
        status: 200,
        headers: { "content-type": "application/json" },
      }),
    );
    const { data } = await createApiClient("http://localhost").GET("/api/health");
    expect(data?.status).toBe("ok");
    const request = fetchMock.mock.calls[0]?.[0];
    expect(request?.url).toBe("http://localhost/api/health");
    expect(request?.credentials).toBe("include");
    expect(request?.headers.get("X-Requested-With")).toBe("XMLHttpRequest");
  });

  it("uses the JSON error of a 401", async () => {
    respondWith(new Response(JSON.stringify({ error: "Invalid username/email or password" }), { status: 401 }));
    const error = await createApiClient("http://localhost")
      .GET("/api/health")
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe("Invalid username/email or password");
  });

  it("falls back to the spec's message for a 401 without an error field", async () => {
    respondWith(new Response("nope", { status: 401 }));
    const error = (await createApiClient("http://localhost")
      .GET("/api/health")
      .catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe(NOT_AUTHENTICATED_MESSAGE);
  });

  it("reports other failures as status: body and keeps the parsed body", async () => {
    respondWith(new Response(JSON.stringify({ error: "Database down" }), { status: 503 }));
    const error = (await createApiClient("http://localhost")
      .GET("/api/health")
      .catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(503);
    expect(error.message).toBe('503: {"error":"Database down"}');
    expect(error.body).toEqual({ error: "Database down" });
  });

  it("passes RequestInit extras such as keepalive on to the request", async () => {
    const fetchMock = respondWith(new Response(null, { status: 204 }));
    await createApiClient("http://localhost").PATCH("/api/journal/{entry_id}", {
      params: { path: { entry_id: "e1" } },
      body: { content: "text" },
      keepalive: true,
    });
    const request = fetchMock.mock.calls[0]![0];
    expect(request.keepalive).toBe(true);
    expect(request.headers.get("Content-Type")).toBe("application/json");
    expect(await request.json()).toEqual({ content: "text" });
  });

  it("sends a multipart body built by formDataBody, a file as a file part", async () => {
    const fetchMock = respondWith(new Response(JSON.stringify({}), { status: 201 }));
    const file = new File(["png-bytes"], "sunset.png", { type: "image/png" });
    await createApiClient("http://localhost").POST("/api/journal-photos/{entry_id}", {
      params: { path: { entry_id: "e1" } },
      body: { photo: fileField(file), caption: "At the beach" },
      bodySerializer: formDataBody,
    });
    const request = fetchMock.mock.calls[0]![0];
    expect(request.headers.get("Content-Type")).toMatch(/^multipart\/form-data; boundary=/);
    const form = await request.formData();
    expect(await (form.get("photo") as Blob).text()).toBe("png-bytes");
    expect(form.get("caption")).toBe("At the beach");
  });
});

describe("formDataBody", () => {
  it("keeps set fields in order and leaves out null and undefined ones", () => {
    const file = new File(["x"], "a.png", { type: "image/png" });
    const form = formDataBody({ photo: file, caption: undefined, note: null, count: 2 });
    expect([...form.keys()]).toEqual(["photo", "count"]);
    expect((form.get("photo") as File).name).toBe("a.png");
    expect(form.get("count")).toBe("2");
  });
});
