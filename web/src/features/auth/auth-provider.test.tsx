import { useMutation, useQuery } from "@tanstack/react-query";
import { act, fireEvent, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { useAuth } from "@/features/auth/auth-context";
import { AuthPage } from "@/features/auth/auth-page";
import { AuthProvider } from "@/features/auth/auth-provider";
import { RequireSession } from "@/features/auth/require-session";
import {
  advanceTimers,
  closeToasts,
  FAKED_TIMERS,
  fakeApi,
  json,
  makeUser,
  NO_SESSION,
  renderApp,
} from "@/features/auth/test-support";
import { LazyTermsScreen } from "@/features/terms/lazy-terms-screen";
import { api } from "@/lib/api/client";
import {
  POST_LOGIN_REFRESH_DELAY_MS,
  POST_TERMS_REFRESH_DELAY_MS,
  RETURN_TO_SESSION_KEY,
  SESSION_REFRESH_INTERVAL_MS,
  SESSION_RETRY_DELAY_MS,
} from "@/lib/constants";
import { renderWithProviders } from "@/test/render";
import { OWN_401_META } from "@/lib/query-client";

vi.mock("@/lib/api/client", async (importOriginal) =>
  (await import("@/features/auth/test-api")).withStubbableFetch(await importOriginal()),
);

const ME = "GET /api/auth/me";

function notifications() {
  return within(screen.getByRole("region", { name: /Notifications/ }));
}

const advance = advanceTimers;

describe("AuthProvider: session refresh", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: [...FAKED_TIMERS] });
  });

  afterEach(() => {
    closeToasts();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("re-reads the session every 5 minutes while signed in", async () => {
    const server = fakeApi({ [ME]: () => json(200, makeUser()) });
    renderApp("/tasks");
    await advance(0);
    expect(screen.getByRole("heading", { name: "Tasks page" })).toBeInTheDocument();
    expect(server.calls(ME)).toHaveLength(1);

    await advance(SESSION_REFRESH_INTERVAL_MS - 1);
    expect(server.calls(ME)).toHaveLength(1);
    await advance(1);
    expect(server.calls(ME)).toHaveLength(2);
    await advance(SESSION_REFRESH_INTERVAL_MS);
    expect(server.calls(ME)).toHaveLength(3);

    // The call asks for an uncached answer and carries no token in its URL.
    const request = server.calls(ME)[2];
    expect(request?.cache).toBe("no-store");
    expect(new URL(request?.url ?? "").searchParams.has("token")).toBe(false);
  });

  it("does not poll while signed out", async () => {
    const server = fakeApi({ [ME]: NO_SESSION });
    renderApp("/auth");
    await advance(0);

    await advance(SESSION_REFRESH_INTERVAL_MS * 2);
    // No session cookie: nothing to ask, now or later.
    expect(server.calls(ME)).toHaveLength(0);
  });

  it("on a 401 while signed in: 'Session Expired', then /auth, remembering the page", async () => {
    const server = fakeApi({ [ME]: () => json(200, makeUser()) });
    const { router } = renderApp("/tasks?filter=open");
    await advance(0);
    expect(screen.getByRole("heading", { name: "Tasks page" })).toBeInTheDocument();

    server.handlers[ME] = NO_SESSION;
    await advance(SESSION_REFRESH_INTERVAL_MS);

    expect(notifications().getByText("Session Expired")).toBeInTheDocument();
    expect(notifications().getByText("Your session has expired. Please log in again.")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/auth");
    expect(screen.getByRole("heading", { name: "Sign in to Reverie" })).toBeInTheDocument();
    expect(window.sessionStorage.getItem(RETURN_TO_SESSION_KEY)).toBe("/tasks?filter=open");

    // Signed out now: no more polling, no second toast.
    await advance(SESSION_REFRESH_INTERVAL_MS);
    expect(server.calls(ME)).toHaveLength(2);
  });

  it("an expired session at / shows the sign-in at /auth, replacing / (not the landing there)", async () => {
    const server = fakeApi({ [ME]: () => json(200, makeUser()) });
    const { router } = renderApp("/");
    await advance(0);

    server.handlers[ME] = NO_SESSION;
    await advance(SESSION_REFRESH_INTERVAL_MS);

    expect(screen.getByRole("heading", { name: "Sign in to Reverie" })).toBeInTheDocument();
    expect(screen.queryByText("Welcome, visitor")).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/auth");
    expect(router.state.historyAction).toBe("REPLACE");
  });

  it("keeps the user signed in when a refresh fails for another reason", async () => {
    const server = fakeApi({ [ME]: () => json(200, makeUser()) });
    const { router } = renderApp("/tasks");
    await advance(0);

    server.handlers[ME] = () => json(503, { error: "Service unavailable" });
    await advance(SESSION_REFRESH_INTERVAL_MS);
    expect(router.state.location.pathname).toBe("/tasks");
    expect(screen.getByRole("heading", { name: "Tasks page" })).toBeInTheDocument();
    expect(screen.queryByText("Session Expired")).not.toBeInTheDocument();
  });

  it("retries the session call once, 1 second after a 500", async () => {
    const server = fakeApi({ [ME]: () => json(500, { error: "Internal server error" }) });
    renderApp("/tasks");
    await advance(0);
    expect(server.calls(ME)).toHaveLength(1);
    expect(screen.getByText("Verifying session...")).toBeInTheDocument();

    server.handlers[ME] = () => json(200, makeUser());
    await advance(SESSION_RETRY_DELAY_MS - 1);
    expect(server.calls(ME)).toHaveLength(1);
    await advance(1);
    expect(server.calls(ME)).toHaveLength(2);
    expect(screen.getByRole("heading", { name: "Tasks page" })).toBeInTheDocument();
  });

  it("retries only once: two 500s leave a first visit signed out", async () => {
    const server = fakeApi({ [ME]: () => json(500, { error: "Internal server error" }) });
    const { router } = renderApp("/tasks");
    await advance(SESSION_RETRY_DELAY_MS * 5);

    expect(server.calls(ME)).toHaveLength(2);
    expect(router.state.location.pathname).toBe("/auth");
  });

  it("re-reads the session 1 second after login", async () => {
    const server = fakeApi({
      [ME]: NO_SESSION,
      "POST /api/auth/login": () => json(200, { user: makeUser(), authToken: "t", success: true }),
    });
    renderApp("/auth");
    await advance(0);

    // fireEvent, not userEvent: Testing Library's async wrapper waits on a real setTimeout(0).
    fireEvent.change(screen.getByLabelText("Username or email"), { target: { value: "maya" } });
    fireEvent.change(screen.getByLabelText("Password"), { target: { value: "correct horse" } });
    server.handlers[ME] = () => json(200, makeUser());
    fireEvent.click(screen.getByRole("button", { name: "Sign In" }));
    await advance(0);
    expect(screen.getByRole("heading", { name: "Journal" })).toBeInTheDocument();
    // A visitor's page made no session call; the login answer is the first word on the session.
    expect(server.calls(ME)).toHaveLength(0);

    await advance(POST_LOGIN_REFRESH_DELAY_MS);
    expect(server.calls(ME)).toHaveLength(1);
  });

  it("re-reads the session 500 ms after the terms are agreed", async () => {
    const pending = makeUser({ agreedToTerms: false, termsAgreedAt: null, needsTermsAgreement: true });
    const agreed = makeUser();
    const server = fakeApi({
      [ME]: () => json(403, { error: "x", needsTermsAgreement: true, needsVerification: false, user: pending }),
      "POST /api/auth/terms-agreement": () => json(200, { user: agreed, success: true }),
    });
    await LazyTermsScreen.preload(); // Code-split: fetched ahead so the faked clock need not wait on it.
    renderApp("/");
    await advance(0);

    fireEvent.click(screen.getByRole("checkbox", { name: "I have read and agree to the Terms of Service" }));
    server.handlers[ME] = () => json(200, agreed);
    fireEvent.click(screen.getByRole("button", { name: "Continue to Reverie" }));
    await advance(0);
    expect(screen.getByRole("heading", { name: "Journal" })).toBeInTheDocument();
    expect(server.calls(ME)).toHaveLength(1);

    await advance(POST_TERMS_REFRESH_DELAY_MS - 1);
    expect(server.calls(ME)).toHaveLength(1);
    await advance(1);
    expect(server.calls(ME)).toHaveLength(2);
  });
});

function SignedInBar() {
  const { user, logout } = useAuth();
  return (
    <p>
      Signed in as {user?.username}
      <button type="button" onClick={() => void logout()}>
        Log out now
      </button>
    </p>
  );
}

/** A signed-in screen with data of its own that polls (as the journal does while an entry is being
 * analysed), behind the session guard as the app's screens are. */
function SignedInScreen() {
  return (
    <RequireSession>
      <SignedInBar />
      <PolledTasks />
    </RequireSession>
  );
}

function PolledTasks() {
  const tasks = useQuery({
    queryKey: ["tasks"],
    queryFn: async () => (await api.GET("/api/tasks")).data ?? [],
    refetchInterval: 10,
  });
  return <p>{tasks.data?.length ?? 0} tasks</p>;
}

describe("AuthProvider: logout", () => {
  afterEach(() => {
    closeToasts();
    vi.unstubAllGlobals();
  });

  async function signedIn(Screen = SignedInBar) {
    const { router } = renderWithProviders(
      [
        {
          Component: AuthProvider,
          children: [
            { path: "settings", Component: Screen },
            { path: "auth", Component: AuthPage },
          ],
        },
      ],
      { path: "/settings" },
    );
    await screen.findByText("Signed in as maya");
    return router;
  }

  it("ends the session, says 'Logged Out' and goes to /auth", async () => {
    const server = fakeApi({
      [ME]: () => json(200, makeUser()),
      "POST /api/auth/logout": () => json(200, { success: true, message: "Logged out" }),
    });
    const router = await signedIn();

    await userEvent.setup().click(screen.getByRole("button", { name: "Log out now" }));

    expect(await screen.findByRole("heading", { name: "Sign in to Reverie" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/auth");
    expect(notifications().getByText("Logged Out")).toBeInTheDocument();
    expect(server.calls("POST /api/auth/logout")).toHaveLength(1);
  });

  it("asks the server for nothing of the signed-in screens once the session is gone", async () => {
    let loggedOut = false;
    const afterLogout: string[] = [];
    fakeApi({
      [ME]: () => json(200, makeUser()),
      "GET /api/tasks": () => {
        if (loggedOut) afterLogout.push("GET /api/tasks"); // a 401 in the browser's console
        return loggedOut ? json(401, { error: "Not authenticated" }) : json(200, []);
      },
      "POST /api/auth/logout": async () => {
        loggedOut = true; // the session ends here; the answer takes a moment to come back
        await new Promise((resolve) => setTimeout(resolve, 100));
        return json(200, { success: true, message: "Logged out" });
      },
    });
    await signedIn(SignedInScreen);
    expect(await screen.findByText("0 tasks")).toBeInTheDocument();

    await userEvent.setup().click(screen.getByRole("button", { name: "Log out now" }));

    expect(await screen.findByRole("heading", { name: "Sign in to Reverie" })).toBeInTheDocument();
    expect(await notifications().findByText("Logged Out")).toBeInTheDocument();
    expect(afterLogout).toEqual([]);
  });

  it("says 'Logout Failed' when the server cannot be reached, and still clears the local session", async () => {
    fakeApi({
      [ME]: () => json(200, makeUser()),
      "POST /api/auth/logout": () => {
        throw new TypeError("Failed to fetch");
      },
    });
    const router = await signedIn();

    await userEvent.setup().click(screen.getByRole("button", { name: "Log out now" }));

    expect(await notifications().findByText("Logout Failed")).toBeInTheDocument();
    expect(notifications().getByText("There was an error logging out.")).toBeInTheDocument();
    expect(await screen.findByRole("heading", { name: "Sign in to Reverie" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/auth");
  });
});

function TaskCount({ name }: { name: string }) {
  const tasks = useQuery({
    queryKey: ["tasks", name],
    queryFn: async () => (await api.GET("/api/tasks")).data ?? [],
  });
  return <p>{tasks.isError ? `${name}: failed` : `${name}: ${tasks.data?.length ?? "loading"}`}</p>;
}

/** A call whose 401 is its own answer (say, a wrong password), marked with OWN_401_META. */
function SaveInsightButton() {
  const save = useMutation({
    mutationFn: async () => (await api.POST("/api/insights", { body: { type: "task", text: "t", isAiGenerated: false } })).data,
    meta: OWN_401_META,
  });
  return (
    <>
      <button type="button" onClick={() => save.mutate()}>
        Save insight
      </button>
      {save.isError && <p>Wrong password</p>}
    </>
  );
}

describe("AuthProvider: a 401 from any query or mutation", () => {
  afterEach(() => {
    closeToasts();
    vi.unstubAllGlobals();
  });

  function renderGuarded(path: string) {
    return renderWithProviders(
      [
        {
          Component: AuthProvider,
          children: [
            { path: "auth", Component: AuthPage },
            {
              Component: RequireSession,
              children: [
                {
                  path: "tasks",
                  element: (
                    <>
                      <h1>Tasks page</h1>
                      <TaskCount name="Open" />
                      <TaskCount name="Done" />
                    </>
                  ),
                },
                { path: "insights", element: <SaveInsightButton /> },
              ],
            },
          ],
        },
      ],
      { path },
    ).router;
  }

  it("signs out once: 'Session Expired', then /auth, remembering the page", async () => {
    const answers: ((response: Response) => void)[] = [];
    const server = fakeApi({
      [ME]: () => json(200, makeUser()),
      "GET /api/tasks": () => new Promise<Response>((resolve) => answers.push(resolve)),
    });
    const router = renderGuarded("/tasks?filter=open");
    expect(await screen.findByRole("heading", { name: "Tasks page" })).toBeInTheDocument();
    await vi.waitFor(() => expect(answers).toHaveLength(2));

    act(() => answers[0]!(NO_SESSION()));
    expect(await notifications().findByText("Session Expired")).toBeInTheDocument();
    expect(notifications().getByText("Your session has expired. Please log in again.")).toBeInTheDocument();
    expect(await screen.findByRole("heading", { name: "Sign in to Reverie" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/auth");
    expect(window.sessionStorage.getItem(RETURN_TO_SESSION_KEY)).toBe("/tasks?filter=open");

    // The other query's 401 arrives after the sign-out: nothing more happens.
    closeToasts();
    await act(async () => answers[1]!(NO_SESSION()));
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByText("Session Expired")).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/auth");
    expect(server.calls(ME)).toHaveLength(1);
  });

  it("leaves a 401 marked as the call's own answer to the screen", async () => {
    fakeApi({
      [ME]: () => json(200, makeUser()),
      "POST /api/insights": () => json(401, { error: "Wrong password" }),
    });
    const router = renderGuarded("/insights");
    await userEvent.setup().click(await screen.findByRole("button", { name: "Save insight" }));

    expect(await screen.findByText("Wrong password")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/insights");
    expect(screen.queryByText("Session Expired")).not.toBeInTheDocument();
  });
});
