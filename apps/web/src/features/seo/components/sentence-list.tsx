import { useId } from 'react';

/** A titled list of sentences (issues, recommendations, suggestions), or a note when empty. */
export function SentenceList({
  title,
  items,
  empty,
}: {
  title: string;
  items: readonly string[];
  empty: string;
}) {
  const headingId = useId();
  return (
    <div className="grid gap-1.5">
      <h3 id={headingId} className="text-sm font-bold">
        {title}
      </h3>
      {items.length === 0 ? (
        <p className="text-sm text-muted-foreground">{empty}</p>
      ) : (
        <ul aria-labelledby={headingId} className="grid list-disc gap-1 pl-5 text-sm">
          {items.map((item, index) => (
            <li key={`${index}-${item}`}>{item}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
