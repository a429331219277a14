import { describe, expect, it } from 'vitest';
import { browserStorage, MemoryStorage } from './safe-storage';

describe('browserStorage', () => {
  it('is the browser’s storage where it may be used', () => {
    expect(browserStorage('sessionStorage')).toBe(window.sessionStorage);
    expect(browserStorage('localStorage')).toBe(window.localStorage);
  });

  it('keeps things in memory where the browser refuses its storage (a blocked third-party frame)', () => {
    const refusing = {
      get sessionStorage(): Storage {
        throw new DOMException('Access is denied for this document.', 'SecurityError');
      },
    } as unknown as Window;
    const storage = browserStorage('sessionStorage', refusing);
    expect(storage).toBeInstanceOf(MemoryStorage);
    storage.setItem('perch.accessToken', 'a');
    // Every part of the page shares the one in memory.
    expect(browserStorage('sessionStorage', refusing).getItem('perch.accessToken')).toBe('a');
    expect(storage.length).toBe(1);
    expect(storage.key(0)).toBe('perch.accessToken');
    storage.removeItem('perch.accessToken');
    expect(storage.getItem('perch.accessToken')).toBeNull();
  });
});
