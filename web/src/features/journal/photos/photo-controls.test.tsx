import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";

import { closeToasts, json } from "@/features/auth/test-support";
import { renderSignedIn } from "@/features/insights/test-utils";
import { allowConsoleMessages } from "@/test/console";
import { PhotoControls } from "@/features/journal/photos/photo-controls";
import type { JournalPhoto } from "@/features/journal/photos/photo-api";

afterEach(() => {
  closeToasts();
  vi.unstubAllGlobals();
});

const ENTRY_ID = "11111111-0000-4000-8000-000000000001";

interface Call {
  method: string;
  path: string;
  request: Request;
}

/** A stub of the photo API behind `fetch`, which the typed client calls with a Request. */
function photoServer(initial: JournalPhoto[] = [], options: { uploadStatus?: number; deleteStatus?: number } = {}) {
  let photos = [...initial];
  const calls: Call[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (request: Request) => {
      const path = new URL(request.url).pathname;
      const method = request.method;
      calls.push({ method, path, request: request.clone() });
      if (method === "GET" && path === `/api/journal-photos/${ENTRY_ID}`) return json(200, photos);
      if (method === "POST" && path === `/api/journal-photos/${ENTRY_ID}`) {
        if (options.uploadStatus) return json(options.uploadStatus, { error: "Upload rejected" });
        const id = `photo-${photos.length + 1}`;
        const photo: JournalPhoto = {
          id,
          url: `/api/journal-photos/file/${id}`,
          thumbnailUrl: `/api/journal-photos/thumb/${id}`,
          caption: null,
          createdAt: "2025-05-01T10:00:00Z",
          width: 10,
          height: 10,
        };
        photos = [...photos, photo];
        return json(201, photo);
      }
      const deleted = /^\/api\/journal-photos\/(.+)$/.exec(path);
      if (method === "DELETE" && deleted) {
        if (options.deleteStatus) return json(options.deleteStatus, { error: "Delete failed" });
        photos = photos.filter((photo) => photo.id !== deleted[1]);
        return json(200, { success: true });
      }
      throw new Error(`Unexpected call in test: ${method} ${path}`);
    }),
  );
  return { calls };
}

const image = () => new File(["png-bytes"], "sunset.png", { type: "image/png" });

describe("PhotoControls", () => {
  it.each([null, "temp-1716000000000"])("asks to save first when the entry id is %s", async (entryId) => {
    const user = userEvent.setup();
    const server = photoServer();
    renderSignedIn(<PhotoControls entryId={entryId} />);

    const add = screen.getByRole("button", { name: "Add photo" });
    expect(add).toHaveAttribute("aria-disabled", "true");
    await user.click(add);
    expect(await screen.findByText("Save Required")).toBeInTheDocument();
    expect(screen.getByText("Please finish writing and save your entry before adding photos.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Gallery" })).not.toBeInTheDocument();
    expect(server.calls).toHaveLength(0);
  });

  it("uploads a photo, then shows 'Photos (1)', the gallery, and deletes from it", async () => {
    const user = userEvent.setup();
    const server = photoServer();
    renderSignedIn(<PhotoControls entryId={ENTRY_ID} />);

    await waitFor(() => expect(server.calls).toHaveLength(1));
    expect(screen.getByRole("button", { name: "Add photo" })).not.toHaveAttribute("aria-disabled");
    expect(screen.queryByRole("button", { name: "Gallery" })).not.toBeInTheDocument();

    const input = screen.getByTestId("photo-file-input");
    expect(input).toHaveAttribute("accept", "image/*");
    await user.upload(input as HTMLInputElement, image());

    expect(await screen.findByRole("button", { name: "Photos (1)" })).toBeInTheDocument();
    const upload = server.calls.find((call) => call.method === "POST")!.request;
    expect(upload.credentials).toBe("include");
    expect(upload.headers.get("X-Requested-With")).toBe("XMLHttpRequest");
    expect(upload.headers.get("Content-Type")).toMatch(/^multipart\/form-data; boundary=/);
    // The photo travels as a file part. (Its file name does not survive here: vitest's jsdom
    // environment rebuilds the form with Node's FormData and drops it; a browser keeps it.)
    const form = await upload.formData();
    expect([...form.keys()]).toEqual(["photo"]);
    const sent = form.get("photo") as Blob;
    expect(sent.type).toBe("image/png");
    expect(await sent.text()).toBe("png-bytes");

    await user.click(screen.getByRole("button", { name: "Gallery" }));
    const dialog = await screen.findByRole("dialog", { name: "Photos from this entry" });
    expect(within(dialog).getByRole("img")).toHaveAttribute("src", "/api/journal-photos/thumb/photo-1");

    await user.click(within(dialog).getByRole("button", { name: "Delete photo" }));
    expect(await within(dialog).findByText("No photos attached to this entry yet")).toBeInTheDocument();
    expect(server.calls.some((call) => call.method === "DELETE" && call.path === "/api/journal-photos/photo-1")).toBe(
      true,
    );
    await user.keyboard("{Escape}");
    expect(await screen.findByRole("button", { name: "Add photo" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Gallery" })).not.toBeInTheDocument();
  });

  it("lists existing photos with their captions", async () => {
    const user = userEvent.setup();
    photoServer([
      {
        id: "p1",
        url: "/u/1",
        thumbnailUrl: "/t/1",
        caption: "Morning walk",
        createdAt: "2025-05-01T10:00:00Z",
        width: 1,
        height: 1,
      },
      { id: "p2", url: "/u/2", thumbnailUrl: "/t/2", caption: null, createdAt: "2025-05-01T10:00:00Z", width: 1, height: 1 },
    ]);
    renderSignedIn(<PhotoControls entryId={ENTRY_ID} />);
    expect(await screen.findByRole("button", { name: "Photos (2)" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Gallery" }));
    const dialog = await screen.findByRole("dialog", { name: "Photos from this entry" });
    expect(within(dialog).getAllByRole("img")).toHaveLength(2);
    expect(within(dialog).getByText("Morning walk")).toBeInTheDocument();
    expect(within(dialog).getAllByRole("button", { name: "Delete photo" })).toHaveLength(2);
  });

  it("rejects a non-image file without uploading", async () => {
    const user = userEvent.setup({ applyAccept: false });
    const server = photoServer();
    renderSignedIn(<PhotoControls entryId={ENTRY_ID} />);
    await waitFor(() => expect(server.calls).toHaveLength(1));

    await user.upload(
      screen.getByTestId("photo-file-input") as HTMLInputElement,
      new File(["hello"], "notes.txt", { type: "text/plain" }),
    );
    expect(await screen.findByText("Upload Failed")).toBeInTheDocument();
    expect(screen.getByText("That file is not an image. Please choose a JPEG, PNG, WebP or GIF photo.")).toBeInTheDocument();
    expect(server.calls.filter((call) => call.method === "POST")).toHaveLength(0);
  });

  it("says a photo over 10 MB is too large, without uploading it", async () => {
    const user = userEvent.setup();
    const server = photoServer();
    renderSignedIn(<PhotoControls entryId={ENTRY_ID} />);
    await waitFor(() => expect(server.calls).toHaveLength(1));

    const big = new File([new Uint8Array(10 * 1024 * 1024 + 1)], "huge.png", { type: "image/png" });
    await user.upload(screen.getByTestId("photo-file-input") as HTMLInputElement, big);
    expect(await screen.findByText("Upload Failed")).toBeInTheDocument();
    expect(screen.getByText("That photo is too large. The limit is 10 MB.")).toBeInTheDocument();
    expect(server.calls.filter((call) => call.method === "POST")).toHaveLength(0);
  });

  it("shows 'Upload Failed' when the server refuses the photo", async () => {
    const user = userEvent.setup();
    const server = photoServer([], { uploadStatus: 413 });
    renderSignedIn(<PhotoControls entryId={ENTRY_ID} />);
    await waitFor(() => expect(server.calls).toHaveLength(1));

    await user.upload(screen.getByTestId("photo-file-input") as HTMLInputElement, image());
    expect(await screen.findByText("Upload Failed")).toBeInTheDocument();
    expect(screen.getByText("Upload rejected")).toBeInTheDocument(); // the server's reason
    expect(screen.getByRole("button", { name: "Add photo" })).toBeInTheDocument();
  });

  it("only logs a failed deletion (no toast) and keeps the photo", async () => {
    allowConsoleMessages();
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const user = userEvent.setup();
    photoServer(
      [{ id: "p1", url: "/u/1", thumbnailUrl: "/t/1", caption: null, createdAt: "2025-05-01T10:00:00Z", width: 1, height: 1 }],
      { deleteStatus: 500 },
    );
    renderSignedIn(<PhotoControls entryId={ENTRY_ID} />);
    await user.click(await screen.findByRole("button", { name: "Gallery" }));
    const dialog = await screen.findByRole("dialog", { name: "Photos from this entry" });
    await user.click(within(dialog).getByRole("button", { name: "Delete photo" }));

    await waitFor(() => expect(error).toHaveBeenCalledWith("Failed to delete photo", expect.anything()));
    expect(within(dialog).getAllByRole("img")).toHaveLength(1);
    expect(screen.queryByRole("status")).not.toBeInTheDocument();
    error.mockRestore();
  });
});
