import { useCallback, useMemo, useState } from 'react';

/** The most series a chart draws at once: beyond that lines and bars can no longer be told apart. */
export const MAX_VISIBLE_SERIES = 5;

export interface SeriesVisibility {
  /** Keys of the series drawn, in the chart's order. */
  visible: readonly string[];
  isVisible: (key: string) => boolean;
  /** Turns a series on or off; false when turning it on was refused (the limit is reached). */
  toggle: (key: string) => boolean;
  /** Set after a refused toggle, cleared by the next accepted one. */
  refused: boolean;
}

/**
 * Which series of a chart are drawn. At first the first MAX_VISIBLE_SERIES are on. Turning on one more
 * than the limit is REFUSED (the caller says why) rather than turning off the oldest: the reader chose
 * every series that is on, and silently dropping one would change the comparison they are reading.
 * Choices are kept by key, so new data with the same series keeps them; series that disappear are
 * forgotten.
 */
export function useSeriesVisibility(keys: readonly string[], max = MAX_VISIBLE_SERIES): SeriesVisibility {
  const [chosen, setChosen] = useState<readonly string[] | null>(null);
  const [refused, setRefused] = useState(false);
  const visible = useMemo(() => {
    if (chosen === null) return keys.slice(0, max);
    return keys.filter((key) => chosen.includes(key));
  }, [chosen, keys, max]);
  const isVisible = useCallback((key: string) => visible.includes(key), [visible]);
  const toggle = useCallback(
    (key: string) => {
      if (visible.includes(key)) {
        setChosen(visible.filter((entry) => entry !== key));
        setRefused(false);
        return true;
      }
      if (visible.length >= max) {
        setRefused(true);
        return false;
      }
      setChosen(keys.filter((entry) => entry === key || visible.includes(entry)));
      setRefused(false);
      return true;
    },
    [keys, max, visible],
  );
  return { visible, isVisible, toggle, refused };
}
