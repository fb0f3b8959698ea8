import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";

import { closeToasts, fakeApi, json } from "@/features/auth/test-support";
import { ENTRY_SEARCH_LIMIT } from "@/lib/constants";
import { renderWithProviders } from "@/test/render";

import { PreviousEntries } from "./previous-entries";
import { showEntry } from "./show-entry";
import { makeEntry, makeInsight } from "./test-fixtures";

vi.mock("@/lib/api/client", async (importOriginal) =>
  (await import("@/features/auth/test-api")).withStubbableFetch(await importOriginal()),
);

afterEach(() => {
  closeToasts();
  vi.unstubAllGlobals();
});

describe("PreviousEntries list", () => {
  it("brings the entry a claim links to into view, marked (showEntry)", async () => {
    const first = makeEntry({ content: "One" });
    const second = makeEntry({ content: "Two" });
    fakeApi({ "GET /api/journal": () => json(200, [first, second]) });
    renderWithProviders(<PreviousEntries />);
    const items = await screen.findAllByTestId("entry-item");
    expect(items.map((item) => item.getAttribute("aria-current"))).toEqual([null, null]);

    act(() => showEntry(second.id));
    await waitFor(() => expect(document.getElementById(`entry-${second.id}`)).toHaveAttribute("aria-current", "true"));
    expect(document.getElementById(`entry-${first.id}`)).not.toHaveAttribute("aria-current");
  });

  it("shows the empty text when there are no entries", async () => {
    fakeApi({ "GET /api/journal": () => json(200, []) });
    renderWithProviders(<PreviousEntries />);

    expect(screen.getByRole("heading", { name: "Previous Entries" })).toBeInTheDocument();
    expect(await screen.findByText("-- no entries yet --")).toBeInTheDocument();
    expect(screen.queryByText(/Showing/)).not.toBeInTheDocument();
  });

  it("says the entries could not be loaded (not '-- no entries yet --') when the list fails, and Try again reloads", async () => {
    let calls = 0;
    fakeApi({
      "GET /api/journal": () => (++calls === 1 ? json(500, { error: "boom" }) : json(200, [makeEntry({ content: "Back again" })])),
    });
    renderWithProviders(<PreviousEntries />);

    expect(await screen.findByRole("alert")).toHaveTextContent("Your entries could not be loaded.");
    expect(screen.queryByText("-- no entries yet --")).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("Showing 1 of 1 entries")).toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("gives the focus back to the entry's button when its edit, chat or delete dialog closes (keyboard users keep their place)", async () => {
    const user = userEvent.setup();
    fakeApi({ "GET /api/journal": () => json(200, [makeEntry({ content: "One" }), makeEntry({ content: "Two" })]) });
    renderWithProviders(<PreviousEntries />);
    const second = within((await screen.findAllByTestId("entry-item"))[1]!);

    for (const name of ["Edit entry", "Chat about entry", "Delete entry"]) {
      const button = second.getByRole("button", { name });
      button.focus();
      await user.keyboard("{Enter}");
      expect(await screen.findByRole(name === "Delete entry" ? "alertdialog" : "dialog")).toBeInTheDocument();
      await user.keyboard("{Escape}");
      await waitFor(() => expect(button).toHaveFocus());
    }
  });

  it("lists entries with the caption, date, chips, summary, mood and hints", async () => {
    fakeApi({
      "GET /api/journal": () =>
        json(200, [
          makeEntry({
            content: "No date in this one",
            date: "03/05/2025",
            location: "Lisbon",
            relatedGoals: ["Run a marathon"],
            relatedProjects: ["Garden"],
            summary: "A calm day.",
            insights: [makeInsight(), makeInsight()],
            analysis: { state: "running" },
          }),
          makeEntry({ content: "Second day, all quiet", location: "Location unknown", summary: "Second day, all quiet." }),
        ]),
    });
    renderWithProviders(<PreviousEntries />);

    expect(await screen.findByText("Showing 2 of 2 entries")).toBeInTheDocument();
    const [first, second] = screen.getAllByTestId("entry-item");
    const one = within(first!);
    expect(one.getByText("March 5, 2025")).toBeInTheDocument();
    expect(one.getByText("Lisbon")).toBeInTheDocument();
    expect(one.getByText("2 insights")).toBeInTheDocument();
    expect(one.getByText("Run a mara...")).toBeInTheDocument();
    expect(one.getByText("Garden")).toBeInTheDocument();
    expect(one.getByText("A calm day.")).toBeInTheDocument();
    expect(one.getByRole("img", { name: "Happy" })).toHaveTextContent("😊");
    expect(one.getByText("Analysing…")).toBeInTheDocument();
    expect(within(second!).queryByText("Location unknown")).not.toBeInTheDocument();
    expect(within(second!).queryByText("Analysing…")).not.toBeInTheDocument();
    // A summary that only repeats the entry's opening is not shown above the same words.
    expect(within(second!).getByText("Second day, all quiet")).toBeInTheDocument();
    expect(within(second!).queryByText("Second day, all quiet.")).not.toBeInTheDocument();
  });

  it("shows a saved entry's photos as thumbnails that open the gallery, and its chips by kind", async () => {
    const photo = (n: number) => ({
      id: `20000000-0000-4000-8000-00000000000${n}`,
      url: `/api/journal-photos/file/${n}`,
      thumbnailUrl: `/api/journal-photos/thumbnail/${n}`,
      caption: n === 1 ? "The harbour" : null,
      createdAt: "2025-03-05T09:30:00Z",
      width: 10,
      height: 10,
    });
    fakeApi({
      "GET /api/journal": () =>
        json(200, [
          makeEntry({
            photos: [1, 2, 3, 4, 5].map(photo),
            relatedGoals: ["Run a marathon"],
            relatedProjects: ["Kitchen rebuild"],
          }),
        ]),
    });
    renderWithProviders(<PreviousEntries />);
    const item = await screen.findByTestId("entry-item");
    const thumbnails = within(item).getByRole("list", { name: "Photos" });
    expect(within(thumbnails).getAllByRole("img")).toHaveLength(4);
    expect(item).toHaveTextContent("+1");
    expect(within(item).getByLabelText("Goal: Run a marathon")).toHaveTextContent("Run a mara...");
    expect(within(item).getByLabelText("Project: Kitchen rebuild")).toHaveTextContent("Kitchen re...");
    fireEvent.click(within(item).getByRole("button", { name: "Photo: The harbour" }));
    const gallery = await screen.findByRole("dialog", { name: "Photos from this entry" });
    expect(within(gallery).getAllByRole("img")).toHaveLength(5);
  });

  it("lets a pasted URL or a long location wrap inside the entry (no sideways scroll at phone width)", async () => {
    const url = `https://www.example-hardware-store.com/products/interior-paint?utm_campaign=${"x".repeat(120)}`;
    fakeApi({ "GET /api/journal": () => json(200, [makeEntry({ content: `Saving the link: ${url}`, location: "L".repeat(200) })]) });
    renderWithProviders(<PreviousEntries />);
    const item = (await screen.findAllByTestId("entry-item"))[0]!;
    // overflow-wrap: anywhere (jsdom lays nothing out; the class is what the browser wraps by).
    expect(item).toHaveClass("wrap-anywhere");
    expect(within(item).getByText("L".repeat(200)).closest(".min-w-0")).not.toBeNull();
  });

  it("truncates content to 100 characters and toggles read more / show less", async () => {
    const content = `${"word ".repeat(30)}the end`;
    fakeApi({ "GET /api/journal": () => json(200, [makeEntry({ content })]) });
    const user = userEvent.setup();
    renderWithProviders(<PreviousEntries />);

    expect(await screen.findByText(`${content.slice(0, 100)}...`)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "read more" }));
    expect(screen.getByText(/the end$/)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "show less" }));
    expect(screen.getByText(`${content.slice(0, 100)}...`)).toBeInTheDocument();
    // Clicking the entry itself expands it too.
    await user.click(screen.getByTestId("entry-item"));
    expect(screen.getByRole("button", { name: "show less" })).toBeInTheDocument();
  });

  it("says an entry's analysis failed and retries it: POST, then the list shows it analysing", async () => {
    const entry = makeEntry({
      content: "Planted the onions.",
      analysis: { state: "failed", error: "The analysis of this entry failed 3 times. You can retry it." },
    });
    let retried = false;
    const api = fakeApi({
      "GET /api/journal": () => json(200, [retried ? { ...entry, analysis: { state: "pending" } } : entry]),
      [`POST /api/journal/${entry.id}/analysis`]: () => {
        retried = true;
        return json(202, { ...entry, analysis: { state: "pending" } });
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<PreviousEntries />);

    const item = await screen.findByTestId("entry-item");
    expect(within(item).getByText("Analysis failed")).toHaveAttribute(
      "title",
      "The analysis of this entry failed 3 times. You can retry it.",
    );
    await user.click(within(item).getByRole("button", { name: /^Retry the analysis of the entry of/ }));
    await waitFor(() => expect(api.calls(`POST /api/journal/${entry.id}/analysis`)).toHaveLength(1));
    expect(await within(item).findByText("Analysing…")).toBeInTheDocument();
    expect(within(item).queryByText("Analysis failed")).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "show less" })).not.toBeInTheDocument(); // the click stayed on Retry
  });

  it("edits an entry: PATCH, then the success toast", async () => {
    const entry = makeEntry({ content: "Old text", date: "03/05/2025" });
    const api = fakeApi({
      "GET /api/journal": () => json(200, [entry]),
      [`PATCH /api/journal/${entry.id}`]: () => json(200, { ...entry, content: "New text" }),
      "GET /api/tasks": () => json(200, []),
      "GET /api/projects": () => json(200, []),
      "GET /api/goals": () => json(200, []),
      "GET /api/profile": () => json(200, null),
    });
    const user = userEvent.setup();
    renderWithProviders(<PreviousEntries />);

    await user.click(await screen.findByRole("button", { name: "Edit entry" }));
    const dialog = await screen.findByRole("dialog");
    const date = within(dialog).getByLabelText("Date");
    expect(date).toHaveValue("03/05/2025");
    expect(date).toHaveAttribute("placeholder", "MM/DD/YYYY");
    const content = within(dialog).getByLabelText("Content");
    await user.clear(content);
    expect(within(dialog).getByRole("button", { name: "Save Changes" })).toBeDisabled();
    await user.type(content, "New text");
    await user.clear(date);
    await user.type(date, "04/01/2025");
    await user.click(within(dialog).getByRole("button", { name: "Save Changes" }));

    expect(await screen.findByText("Entry updated")).toBeInTheDocument();
    expect(screen.getByText("Your journal entry has been updated successfully.")).toBeInTheDocument();
    expect(await api.body(`PATCH /api/journal/${entry.id}`)).toEqual({ content: "New text", date: "04/01/2025" });
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("shows the server's text when an edit is refused with 400", async () => {
    const entry = makeEntry();
    fakeApi({
      "GET /api/journal": () => json(200, [entry]),
      [`PATCH /api/journal/${entry.id}`]: () => json(400, { error: "Could not read the date 'soon'." }),
    });
    const user = userEvent.setup();
    renderWithProviders(<PreviousEntries />);

    await user.click(await screen.findByRole("button", { name: "Edit entry" }));
    await user.click(await screen.findByRole("button", { name: "Save Changes" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Could not read the date 'soon'.");
    expect(screen.getByRole("dialog")).toBeInTheDocument();
  });

  it("shows the failure toast when an edit fails otherwise", async () => {
    const entry = makeEntry();
    fakeApi({
      "GET /api/journal": () => json(200, [entry]),
      [`PATCH /api/journal/${entry.id}`]: () => json(500, { error: "boom" }),
    });
    const user = userEvent.setup();
    renderWithProviders(<PreviousEntries />);

    await user.click(await screen.findByRole("button", { name: "Edit entry" }));
    await user.click(await screen.findByRole("button", { name: "Save Changes" }));
    expect(await screen.findByText("Failed to update journal entry. Please try again.")).toBeInTheDocument();
  });

  it("deletes an entry after the confirmation", async () => {
    const entry = makeEntry();
    const api = fakeApi({
      "GET /api/journal": () => json(200, api.calls(`DELETE /api/journal/${entry.id}`).length ? [] : [entry]),
      [`DELETE /api/journal/${entry.id}`]: () => json(200, { message: "Entry deleted", success: true }),
      "GET /api/tasks": () => json(200, []),
      "GET /api/projects": () => json(200, []),
      "GET /api/goals": () => json(200, []),
      "GET /api/profile": () => json(200, null),
    });
    const user = userEvent.setup();
    renderWithProviders(<PreviousEntries />);

    await user.click(await screen.findByRole("button", { name: "Delete entry" }));
    const confirm = await screen.findByRole("alertdialog");
    expect(within(confirm).getByText("Delete Journal Entry")).toBeInTheDocument();
    expect(
      within(confirm).getByText("Are you sure you want to delete this journal entry? This action cannot be undone."),
    ).toBeInTheDocument();
    expect(api.calls(`DELETE /api/journal/${entry.id}`)).toHaveLength(0);
    await user.click(within(confirm).getByRole("button", { name: "Delete" }));

    expect(await screen.findByText("Entry deleted")).toBeInTheDocument();
    expect(screen.getByText("Your journal entry has been deleted successfully.")).toBeInTheDocument();
    expect(api.calls(`DELETE /api/journal/${entry.id}`)).toHaveLength(1);
    expect(await screen.findByText("-- no entries yet --")).toBeInTheDocument();
  });

  it("shows the failure toast when a delete fails", async () => {
    const entry = makeEntry();
    fakeApi({
      "GET /api/journal": () => json(200, [entry]),
      [`DELETE /api/journal/${entry.id}`]: () => json(500, { error: "boom" }),
    });
    const user = userEvent.setup();
    renderWithProviders(<PreviousEntries />);

    await user.click(await screen.findByRole("button", { name: "Delete entry" }));
    await user.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("Failed to delete journal entry. Please try again.")).toBeInTheDocument();
  });

  it("scrolls the conversation to the newest message, inside its box", async () => {
    const entry = makeEntry({ content: "Long day." });
    fakeApi({
      "GET /api/journal": () => json(200, [entry]),
      [`POST /api/journal/${entry.id}/chat`]: () => json(200, { success: true, response: "An answer." }),
    });
    // jsdom lays nothing out: each message sits 100 px below the last, the box's top at 40 px.
    vi.spyOn(HTMLElement.prototype, "getBoundingClientRect").mockImplementation(function (this: HTMLElement) {
      const items = Array.from(this.parentElement?.children ?? []);
      const top = this.tagName === "LI" ? 40 + 100 * items.indexOf(this) : 40;
      return { top, bottom: top + 80, left: 0, right: 300, width: 300, height: 80, x: 0, y: top, toJSON: () => ({}) };
    });
    const user = userEvent.setup();
    renderWithProviders(<PreviousEntries />);
    await user.click(await screen.findByRole("button", { name: "Chat about entry" }));
    const dialog = await screen.findByRole("dialog");
    const input = within(dialog).getByPlaceholderText("Ask something about this entry...");
    await user.type(input, "Why was I tired?{Enter}");
    const conversation = await within(dialog).findByRole("list", { name: "Conversation" });
    await within(conversation).findByText("An answer.");
    const viewport = conversation.closest<HTMLElement>("[data-slot=scroll-area-viewport]")!;
    // The answer (second message) is brought to the top of the box: 100 px down.
    expect(viewport.scrollTop).toBe(100);
    vi.restoreAllMocks();
  });

  it("chats about an entry: Send needs a message, then the conversation shows", async () => {
    const entry = makeEntry({ content: "x".repeat(300) });
    let answer!: (response: Response) => void;
    const api = fakeApi({
      "GET /api/journal": () => json(200, [entry]),
      [`POST /api/journal/${entry.id}/chat`]: () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const user = userEvent.setup();
    renderWithProviders(<PreviousEntries />);

    await user.click(await screen.findByRole("button", { name: "Chat about entry" }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText("Chat with your Journal")).toBeInTheDocument();
    expect(within(dialog).getByTestId("chat-excerpt")).toHaveTextContent(`${"x".repeat(250)}...`);
    const input = within(dialog).getByPlaceholderText("Ask something about this entry...");
    const send = within(dialog).getByRole("button", { name: "Send" });
    // Phone width (390 px): the field has the row to itself (Send under it), so the spec's
    // placeholder is not cut off; side by side from the sm breakpoint up.
    expect(within(dialog).getByTestId("chat-form")).toHaveClass("flex-col", "sm:flex-row");
    expect(send).toHaveClass("w-full", "sm:w-auto");
    expect(send).toBeDisabled();
    await user.type(input, "   ");
    expect(send).toBeDisabled();
    await user.type(input, "Why was I tired?");
    expect(send).toBeEnabled();
    await user.click(send);

    // While sending, Send stays disabled even with text.
    await user.type(input, "And then?");
    expect(send).toBeDisabled();
    await waitFor(() => expect(api.calls(`POST /api/journal/${entry.id}/chat`)).toHaveLength(1));
    expect(await api.body(`POST /api/journal/${entry.id}/chat`)).toEqual({ message: "Why was I tired?" });
    answer(json(200, { success: true, response: "You slept badly." }));

    const conversation = await within(dialog).findByRole("list", { name: "Conversation" });
    await within(conversation).findByText("You slept badly.");
    expect(within(conversation).getAllByRole("listitem").map((li) => li.textContent)).toEqual([
      "Why was I tired?",
      "You slept badly.",
    ]);
    expect(send).toBeEnabled();
  });

  it("shows the spec's text when the chat cannot answer", async () => {
    const entry = makeEntry();
    fakeApi({
      "GET /api/journal": () => json(200, [entry]),
      [`POST /api/journal/${entry.id}/chat`]: () => json(500, { error: "down" }),
    });
    const user = userEvent.setup();
    renderWithProviders(<PreviousEntries />);

    await user.click(await screen.findByRole("button", { name: "Chat about entry" }));
    await user.type(await screen.findByPlaceholderText("Ask something about this entry..."), "Hello");
    await user.click(screen.getByRole("button", { name: "Send" }));
    expect(
      await screen.findByText("An error occurred while processing your message. Please try again later."),
    ).toBeInTheDocument();
  });

  it("searches with the server (date phrases included), best score first; clearing restores the list", async () => {
    const a = makeEntry({ content: "Alpha entry" });
    const b = makeEntry({ content: "Beta entry" });
    const c = makeEntry({ content: "Gamma entry" });
    const api = fakeApi({
      "GET /api/journal": () => json(200, [a, b, c]),
      "GET /api/journal/search": () =>
        json(200, {
          query: "last week",
          dateFrom: null,
          dateTo: null,
          results: [
            { entry: b, score: 0.4 },
            { entry: c, score: 0.9 },
          ],
        }),
    });
    const user = userEvent.setup();
    renderWithProviders(<PreviousEntries />);

    expect(await screen.findByText("Showing 3 of 3 entries")).toBeInTheDocument();
    const search = screen.getByRole("searchbox", { name: "Search entries" });
    await user.type(search, "last week");

    expect(await screen.findByText("2 matches")).toBeInTheDocument();
    const items = screen.getAllByTestId("entry-item");
    expect(items.map((item) => within(item).queryByText(/entry$/)?.textContent)).toEqual(["Gamma entry", "Beta entry"]);
    const searches = api.calls("GET /api/journal/search");
    // Debounced: one request for the whole phrase.
    expect(searches).toHaveLength(1);
    expect(new URL(searches[0]!.url).searchParams.get("q")).toBe("last week");
    // The server's maximum, not its default of 10: a word in 15 entries finds all 15.
    expect(new URL(searches[0]!.url).searchParams.get("limit")).toBe(String(ENTRY_SEARCH_LIMIT));

    await user.clear(search);
    expect(await screen.findByText("Showing 3 of 3 entries")).toBeInTheDocument();
    expect(screen.getAllByTestId("entry-item")).toHaveLength(3);
  });

  it("captions a search by its matches: '1 match', and 'Showing the best 50 matches' when the answer is full", async () => {
    const many = Array.from({ length: ENTRY_SEARCH_LIMIT }, (_, i) => makeEntry({ content: `Passport note ${i}` }));
    fakeApi({
      "GET /api/journal": () => json(200, many.slice(0, 20), { "X-Total-Count": "253" }),
      "GET /api/journal/search": (request) => {
        const q = new URL(request.url).searchParams.get("q");
        const hits = q === "passport" ? many : many.slice(0, 1);
        return json(200, { query: q, dateFrom: null, dateTo: null, results: hits.map((entry) => ({ entry, score: 0.5 })) });
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<PreviousEntries />);
    const search = await screen.findByRole("searchbox", { name: "Search entries" });

    await user.type(search, "plumber");
    expect(await screen.findByText("1 match")).toBeInTheDocument();
    await user.clear(search);
    await user.type(search, "passport");
    expect(await screen.findByText(`Showing the best ${ENTRY_SEARCH_LIMIT} matches`)).toBeInTheDocument();
    expect(screen.getAllByTestId("entry-item")).toHaveLength(ENTRY_SEARCH_LIMIT);
    expect(screen.queryByText(/of 253 entries/)).not.toBeInTheDocument();
  });

  it("shows the journal's total and loads the next page with Load more (keyboard too)", async () => {
    const first = Array.from({ length: 3 }, (_, i) => makeEntry({ content: `Newest ${i}` }));
    const second = Array.from({ length: 2 }, (_, i) => makeEntry({ content: `Older ${i}` }));
    const api = fakeApi({
      "GET /api/journal": (request) =>
        new URL(request.url).searchParams.get("before") === "cursor-1"
          ? json(200, second, { "X-Total-Count": "5" })
          : json(200, first, { "X-Total-Count": "5", "X-Next-Cursor": "cursor-1" }),
    });
    const user = userEvent.setup();
    renderWithProviders(<PreviousEntries />);

    expect(await screen.findByText("Showing 3 of 5 entries")).toBeInTheDocument();
    const more = screen.getByRole("button", { name: "Load more" });
    more.focus();
    await user.keyboard("{Enter}");
    expect(await screen.findByText("Showing 5 of 5 entries")).toBeInTheDocument();
    expect(screen.getAllByTestId("entry-item").map((item) => within(item).getByText(/^(Newest|Older)/).textContent)).toEqual([
      "Newest 0",
      "Newest 1",
      "Newest 2",
      "Older 0",
      "Older 1",
    ]);
    expect(screen.queryByRole("button", { name: "Load more" })).not.toBeInTheDocument();
    const pages = api.calls("GET /api/journal").map((r) => new URL(r.url).searchParams);
    expect(pages[0]!.get("limit")).toBe("20");
    expect(pages[0]!.get("before")).toBeNull();
    expect(pages.at(-1)!.get("before")).toBe("cursor-1");
  });

  it("loads the next page by itself when the end of the list scrolls into view", async () => {
    let onSeen: IntersectionObserverCallback = () => {};
    const observed: Element[] = [];
    vi.stubGlobal(
      "IntersectionObserver",
      class {
        constructor(callback: IntersectionObserverCallback) {
          onSeen = callback;
        }
        observe(element: Element) {
          observed.push(element);
        }
        disconnect() {}
      },
    );
    fakeApi({
      "GET /api/journal": (request) =>
        new URL(request.url).searchParams.get("before")
          ? json(200, [makeEntry({ content: "The oldest" })], { "X-Total-Count": "2" })
          : json(200, [makeEntry({ content: "The newest" })], { "X-Total-Count": "2", "X-Next-Cursor": "c" }),
    });
    renderWithProviders(<PreviousEntries />);

    expect(await screen.findByText("Showing 1 of 2 entries")).toBeInTheDocument();
    await waitFor(() => expect(observed).toHaveLength(1));
    expect(observed[0]).toContainElement(screen.getByRole("button", { name: "Load more" }));
    onSeen([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver);
    expect(await screen.findByText("Showing 2 of 2 entries")).toBeInTheDocument();
    expect(screen.getByText("The oldest")).toBeInTheDocument();
  });

  it("says so when the next page cannot be loaded, and Load more tries again", async () => {
    let fail = true;
    fakeApi({
      "GET /api/journal": (request) => {
        if (!new URL(request.url).searchParams.get("before")) {
          return json(200, [makeEntry({ content: "Only one so far" })], { "X-Total-Count": "2", "X-Next-Cursor": "c" });
        }
        return fail ? json(500, { error: "down" }) : json(200, [makeEntry({ content: "At last" })], { "X-Total-Count": "2" });
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<PreviousEntries />);

    await user.click(await screen.findByRole("button", { name: "Load more" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Could not load more entries.");
    expect(screen.getByText("Showing 1 of 2 entries")).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole("button", { name: "Load more" }));
    expect(await screen.findByText("At last")).toBeInTheDocument();
    expect(screen.getByText("Showing 2 of 2 entries")).toBeInTheDocument();
  });
});
