import { forwardRef, useRef, useState, type ChangeEvent } from "react";
import { useQuery } from "@tanstack/react-query";
import { CheckCircle2Icon, FileUpIcon } from "lucide-react";

import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { Skeleton } from "@/components/ui/skeleton";
import { Textarea } from "@/components/ui/textarea";
import { MSG, serverMessage } from "@/features/settings/messages";
import { sessionIsValid, settingsQueries, useDeleteResume, useSaveResume } from "@/features/settings/queries";
import { toast } from "@/hooks/use-toast";
import { RESUME_FILE_MAX_BYTES } from "@/lib/constants";

const RESUME_EXTENSIONS = [".txt", ".pdf", ".doc", ".docx"] as const;

function extensionOf(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot >= 0 ? name.slice(dot).toLowerCase() : "";
}

/**
 * The Resume card (spec part 2, sections 2, 4, 5 and 8): paste the text or choose a file (.txt is
 * read here; .pdf, .doc and .docx are read by the server on Upload, which says plainly when it
 * cannot, as for an old .doc); once uploaded, 'Resume uploaded successfully' with Update and Delete.
 */
export const ResumeCard = forwardRef<HTMLDivElement>(function ResumeCard(_props, ref) {
  const resume = useQuery(settingsQueries.resume());
  const save = useSaveResume();
  const remove = useDeleteResume();
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState("");
  const [file, setFile] = useState<File | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0];
    event.target.value = "";
    if (!chosen) return;
    const extension = extensionOf(chosen.name);
    if (!(RESUME_EXTENSIONS as readonly string[]).includes(extension)) {
      toast({ variant: "destructive", title: MSG.unsupportedTitle, description: MSG.unsupportedResume });
      return;
    }
    if (chosen.size > RESUME_FILE_MAX_BYTES) {
      toast({
        variant: "destructive",
        title: MSG.uploadFailedTitle,
        description: "That file is too large. A resume file can be at most 5 MB.",
      });
      return;
    }
    if (extension === ".txt") {
      setText(await chosen.text());
      setFile(null);
    } else {
      setFile(chosen);
    }
  }

  async function onUpload() {
    if (!file && !text.trim()) {
      toast({ variant: "destructive", title: MSG.uploadFailedTitle, description: "Resume content cannot be empty." });
      return;
    }
    if (!(await sessionIsValid())) {
      toast({ variant: "destructive", title: MSG.authRequiredTitle, description: MSG.sessionExpiredUpload });
      return;
    }
    save.mutate(file ? { file } : { content: text }, {
      onSuccess: () => {
        toast({ title: MSG.resumeUploadedTitle, description: MSG.resumeUploaded });
        setEditing(false);
        setFile(null);
        setText("");
      },
      onError: (error) =>
        toast({
          variant: "destructive",
          title: MSG.uploadFailedTitle,
          description: serverMessage(error, "There was an error uploading your resume."),
        }),
    });
  }

  function onDelete() {
    remove.mutate(undefined, {
      onSuccess: () => toast({ title: MSG.resumeDeletedTitle, description: MSG.resumeDeleted }),
      onError: (error) =>
        toast({
          variant: "destructive",
          title: MSG.deletionFailedTitle,
          description: serverMessage(error, "There was an error deleting your resume."),
        }),
    });
  }

  const uploaded = Boolean(resume.data);
  return (
    <Card ref={ref} id="resume" className="scroll-mt-24">
      <CardHeader>
        <CardTitle>Resume</CardTitle>
        <CardDescription>
          Your resume helps Reverie connect what you write with your career. Paste it, or upload a .txt, .pdf or
          .docx file.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {resume.isPending ? (
          <Skeleton className="h-24 w-full" />
        ) : uploaded && !editing ? (
          <div className="flex flex-col gap-3">
            <p className="flex items-center gap-2 text-sm font-medium" data-testid="resume-status">
              <CheckCircle2Icon className="size-4 text-primary" aria-hidden="true" />
              {MSG.resumeUploadedStatus}
            </p>
            <p className="line-clamp-3 text-sm whitespace-pre-line text-muted-foreground">{resume.data}</p>
            <div className="flex flex-wrap gap-2">
              <Button
                variant="outline"
                onClick={() => {
                  setText(resume.data ?? "");
                  setEditing(true);
                }}
              >
                Update
              </Button>
              <Button variant="destructive" onClick={onDelete} disabled={remove.isPending}>
                {remove.isPending ? "Deleting..." : "Delete"}
              </Button>
            </div>
          </div>
        ) : (
          <>
            <FormField id="resume-content" label="Resume text" className="flex flex-col gap-2">
              {(control) => (
                <>
                  <Textarea
                    {...control}
                    value={text}
                    onChange={(event) => {
                      setText(event.target.value);
                      setFile(null);
                    }}
                    placeholder="Paste your resume here..."
                    className="min-h-32 text-sm"
                  />
                  {file && (
                    <p className="text-sm text-muted-foreground" data-testid="resume-file-loaded">
                      {file.name} loaded. Click Upload to read it.
                    </p>
                  )}
                </>
              )}
            </FormField>
            <div className="flex flex-wrap gap-2">
              <input
                ref={fileInput}
                type="file"
                accept=".txt,.pdf,.doc,.docx"
                className="sr-only"
                tabIndex={-1}
                aria-label="Resume file"
                data-testid="resume-file"
                onChange={(event) => void onFile(event)}
              />
              <Button variant="outline" onClick={() => fileInput.current?.click()}>
                <FileUpIcon aria-hidden="true" />
                Choose File
              </Button>
              <Button onClick={() => void onUpload()} disabled={save.isPending}>
                {save.isPending ? "Uploading..." : "Upload"}
              </Button>
              {editing && (
                <Button variant="ghost" onClick={() => setEditing(false)}>
                  Cancel
                </Button>
              )}
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
});
