import { useId } from 'react';

/** The community's rules as a numbered list; nothing when it has none. */
export function CommunityRules({ rules }: { rules: string[] }) {
  const headingId = useId();
  if (rules.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="border-b border-border px-4 py-4">
      <h2 id={headingId} className="mb-2 text-lg font-bold">
        Community rules
      </h2>
      <ol className="grid list-decimal gap-1.5 pl-6 text-sm marker:font-semibold marker:text-muted-foreground">
        {rules.map((rule, index) => (
          <li key={`${index}-${rule}`} className="break-words pl-1">
            {rule}
          </li>
        ))}
      </ol>
    </section>
  );
}
