/** What became of a download: the file name it was saved under, or the server's message why not. */
export function SaveOutcome({
  saved,
}: {
  saved: { isSuccess: boolean; data?: string; isError: boolean; error: Error | null };
}) {
  if (saved.isSuccess) return <p role="status">Saved {saved.data}.</p>;
  if (saved.isError)
    return (
      <p role="alert" className="form-error">
        {saved.error?.message}
      </p>
    );
  return null;
}
