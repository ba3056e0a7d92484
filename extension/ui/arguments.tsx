import { useMemo } from 'preact/hooks';
import { collapsedArguments, expandedArguments, prettyArguments } from './format-arguments.ts';

/**
 * The tool input in a `<pre>`: a few lines while collapsed, the bounded whole when expanded,
 * scrolling inside its own box so it never pushes the actions out of view. Text nodes only.
 */
export function Arguments({ input, expanded }: { input: unknown; expanded: boolean }) {
  const text = useMemo(() => prettyArguments(input), [input]);
  const shown = expanded ? expandedArguments(text) : collapsedArguments(text);
  return (
    <pre class={expanded ? 'arguments arguments--expanded' : 'arguments'} data-testid="arguments">
      {shown.text}
    </pre>
  );
}
