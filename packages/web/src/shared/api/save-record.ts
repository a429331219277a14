/**
 * Saves a record that may be new: creates it (`POST`, the id from `X-Object-Id`) while it has no
 * id, else changes it (`PUT`). Answers its id either way.
 */
export async function saveRecord(
  id: string | undefined,
  create: () => Promise<{ id: string }>,
  update: (id: string) => Promise<unknown>,
): Promise<string> {
  if (!id) return (await create()).id;
  await update(id);
  return id;
}
