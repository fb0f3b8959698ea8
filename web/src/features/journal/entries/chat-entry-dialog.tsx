import { useEffect, useRef, useState } from "react";

import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { ScrollArea } from "@/components/ui/scroll-area";
import { useChatWithEntry, type Entry } from "@/features/journal/queries";
import { toast } from "@/hooks/use-toast";
import { ApiError } from "@/lib/api/client";
import { CHAT_EXCERPT_LENGTH } from "@/lib/constants";
import { cn } from "@/lib/utils";

import { truncate } from "./entry-format";

/** The server answered but could not process the message (success false or no answer). */
export const CHAT_UNPROCESSED_MESSAGE = "Sorry, I was unable to process your message. Please try again.";
/** The server answered with an error. */
export const CHAT_SERVER_ERROR_MESSAGE = "An error occurred while processing your message. Please try again later.";
/** The request did not get through (network). */
export const CHAT_SEND_FAILED_MESSAGE = "Failed to send message. Please try again.";

interface ChatMessage {
  role: "user" | "assistant";
  text: string;
}

interface ChatEntryDialogProps {
  /** The entry to chat about; the dialog is open while set. */
  entry: Entry | null;
  onClose: () => void;
}

/** 'Chat with your Journal' about one entry; POST /api/journal/{id}/chat. */
export function ChatEntryDialog({ entry, onClose }: ChatEntryDialogProps) {
  return (
    <Dialog open={entry !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-xl">
        {entry && <ChatPanel key={entry.id} entry={entry} />}
      </DialogContent>
    </Dialog>
  );
}

function ChatPanel({ entry }: { entry: Entry }) {
  const [message, setMessage] = useState("");
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const chat = useChatWithEntry();
  const sending = chat.isPending;
  const latest = useRef<HTMLLIElement>(null);

  // The newest message scrolls to the top of the conversation box, so its answer reads from its
  // first line; the box alone scrolls, not the page behind the dialog.
  useEffect(() => {
    const item = latest.current;
    const viewport = item?.closest<HTMLElement>("[data-slot=scroll-area-viewport]");
    if (!item || !viewport) return;
    viewport.scrollTop += item.getBoundingClientRect().top - viewport.getBoundingClientRect().top;
  }, [messages.length]);

  function send() {
    const text = message.trim();
    if (!text || sending) return;
    setMessages((previous) => [...previous, { role: "user", text }]);
    setMessage("");
    chat.mutate(
      { id: entry.id, message: text },
      {
        onSuccess: (answer) => {
          const reply = answer?.success && answer.response?.trim() ? answer.response : CHAT_UNPROCESSED_MESSAGE;
          setMessages((previous) => [...previous, { role: "assistant", text: reply }]);
        },
        onError: (err) => {
          if (err instanceof ApiError) {
            setMessages((previous) => [...previous, { role: "assistant", text: CHAT_SERVER_ERROR_MESSAGE }]);
          } else {
            toast({ title: "Error", description: CHAT_SEND_FAILED_MESSAGE, variant: "destructive" });
          }
        },
      },
    );
  }

  return (
    <div className="grid gap-4">
      <DialogHeader>
        <DialogTitle>Chat with your Journal</DialogTitle>
        <DialogDescription>Ask a question about this entry.</DialogDescription>
      </DialogHeader>
      <blockquote
        data-testid="chat-excerpt"
        className="rounded-md border-l-4 border-primary/40 bg-muted/50 p-3 text-sm whitespace-pre-wrap text-muted-foreground"
      >
        {truncate(entry.content, CHAT_EXCERPT_LENGTH)}
      </blockquote>
      {(messages.length > 0 || sending) && (
        <ScrollArea className="max-h-72">
          <ol aria-label="Conversation" className="grid gap-2 pr-3">
            {messages.map((m, index) => (
              <li
                key={index}
                ref={index === messages.length - 1 ? latest : undefined}
                data-role={m.role}
                className={cn(
                  "max-w-[85%] rounded-lg px-3 py-2 text-sm whitespace-pre-wrap",
                  m.role === "user" ? "justify-self-end bg-primary text-primary-foreground" : "bg-muted",
                )}
              >
                {m.text}
              </li>
            ))}
            {sending && <li className="text-sm text-muted-foreground">Thinking...</li>}
          </ol>
        </ScrollArea>
      )}
      {/* On a phone the field takes the whole row and Send goes under it: beside Send, the spec's
          placeholder ('Ask something about this entry...') was cut off at 390 px. */}
      <form
        data-testid="chat-form"
        className="flex flex-col gap-2 sm:flex-row"
        onSubmit={(event) => {
          event.preventDefault();
          send();
        }}
      >
        <Input
          aria-label="Your message"
          placeholder="Ask something about this entry..."
          value={message}
          onChange={(event) => setMessage(event.target.value)}
        />
        <Button type="submit" className="w-full sm:w-auto" disabled={!message.trim() || sending}>
          Send
        </Button>
      </form>
    </div>
  );
}
