import { MutationObserver } from "@tanstack/react-query";
import { describe, expect, it, vi } from "vitest";

import { ApiError } from "@/lib/api/client";
import { createQueryClient, onSessionEnded, OWN_401_META } from "@/lib/query-client";

const unauthorized = () => new ApiError(401, "Not authenticated. Please log in.", { error: "Not authenticated. Please log in." });

async function failQuery(client: ReturnType<typeof createQueryClient>, error: Error, meta?: Record<string, unknown>) {
  await client
    .fetchQuery({ queryKey: ["q", Math.random()], queryFn: () => Promise.reject(error), meta })
    .catch(() => undefined);
}

async function failMutation(client: ReturnType<typeof createQueryClient>, error: Error, meta?: Record<string, unknown>) {
  await new MutationObserver(client, { mutationFn: () => Promise.reject(error), meta })
    .mutate()
    .catch(() => undefined);
}

describe("createQueryClient: a 401 ends the session", () => {
  it("tells the listeners when a query or a mutation is answered 401", async () => {
    const client = createQueryClient();
    const listener = vi.fn();
    onSessionEnded(client, listener);

    await failQuery(client, unauthorized());
    expect(listener).toHaveBeenCalledTimes(1);
    await failMutation(client, unauthorized());
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it("ignores other failures", async () => {
    const client = createQueryClient();
    const listener = vi.fn();
    onSessionEnded(client, listener);

    await failQuery(client, new ApiError(403, "403: Forbidden", undefined));
    await failQuery(client, new ApiError(500, "500: Internal server error", undefined));
    await failMutation(client, new TypeError("Failed to fetch"));
    expect(listener).not.toHaveBeenCalled();
  });

  it("leaves a 401 that is the call's own answer (OWN_401_META) to the screen", async () => {
    const client = createQueryClient();
    const listener = vi.fn();
    onSessionEnded(client, listener);

    await failMutation(client, unauthorized(), OWN_401_META);
    await failQuery(client, unauthorized(), OWN_401_META);
    expect(listener).not.toHaveBeenCalled();
  });

  it("stops telling a listener that unsubscribed, and keeps clients apart", async () => {
    const client = createQueryClient();
    const other = createQueryClient();
    const listener = vi.fn();
    const unsubscribe = onSessionEnded(client, listener);

    await failQuery(other, unauthorized());
    expect(listener).not.toHaveBeenCalled();
    unsubscribe();
    await failQuery(client, unauthorized());
    expect(listener).not.toHaveBeenCalled();
  });
});
