/** A Storage kept in memory: it lasts as long as the page. */
export class MemoryStorage implements Storage {
  private readonly items = new Map<string, string>();

  get length(): number {
    return this.items.size;
  }

  clear(): void {
    this.items.clear();
  }

  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }

  key(index: number): string | null {
    return [...this.items.keys()][index] ?? null;
  }

  removeItem(key: string): void {
    this.items.delete(key);
  }

  setItem(key: string, value: string): void {
    this.items.set(key, String(value));
  }
}

const fallbacks: Partial<Record<StorageKind, MemoryStorage>> = {};

type StorageKind = 'localStorage' | 'sessionStorage';

/**
 * The browser's local or session storage, or one in memory where the browser refuses it: inside
 * another site's frame (the team wiki) with third-party storage blocked, even reading
 * `window.sessionStorage` throws. Then a session lasts until the frame reloads, and the wiki
 * signs the person in again.
 */
export function browserStorage(kind: StorageKind, win: Window = window): Storage {
  try {
    const storage = win[kind];
    const probe = 'perch.storageProbe';
    storage.setItem(probe, '1');
    storage.removeItem(probe);
    return storage;
  } catch {
    return (fallbacks[kind] ??= new MemoryStorage());
  }
}
