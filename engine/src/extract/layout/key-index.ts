/**
 * Which of many keys occur in a text, found from the text's own pairs of characters rather than
 * by searching for each key in turn: a line of forty characters asks forty questions, where a
 * document type's hundred and more label words would ask a hundred.
 */
export class KeyIndex<T> {
  private readonly byPair = new Map<number, { key: string; order: number }[]>();
  /** Keys of one character: searched for directly. */
  private readonly single: { key: string; order: number }[] = [];
  private readonly items: T[];

  /** Each item with its key; an empty key never occurs. */
  constructor(entries: readonly { key: string; item: T }[]) {
    this.items = entries.map((e) => e.item);
    entries.forEach(({ key }, order) => {
      if (key.length === 0) return;
      if (key.length === 1) {
        this.single.push({ key, order });
        return;
      }
      const pair = pairAt(key, 0);
      const list = this.byPair.get(pair);
      if (list) list.push({ key, order });
      else this.byPair.set(pair, [{ key, order }]);
    });
  }

  /** The items whose key occurs in `text`, in the order they were given. */
  in(text: string): T[] {
    const found = new Set<number>();
    for (const { key, order } of this.single) if (text.includes(key)) found.add(order);
    for (let i = 0; i + 1 < text.length; i++) {
      const list = this.byPair.get(pairAt(text, i));
      if (!list) continue;
      for (const { key, order } of list) if (!found.has(order) && text.startsWith(key, i)) found.add(order);
    }
    return [...found].sort((a, b) => a - b).map((order) => this.items[order]);
  }
}

function pairAt(text: string, i: number): number {
  return text.charCodeAt(i) * 0x10000 + text.charCodeAt(i + 1);
}
