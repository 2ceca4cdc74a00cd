/** A read an /account section shows once it lands (the loader starts it, ./account-data.ts); a failure is shown in the section. */
export type SectionRead<T> = { step: 'failed' } | { step: 'ready'; value: T };

export async function sectionRead<T>(read: () => Promise<T>, what: string): Promise<SectionRead<T>> {
  try {
    return { step: 'ready', value: await read() };
  } catch (error) {
    console.error(`Could not read ${what}`, error);
    return { step: 'failed' };
  }
}
