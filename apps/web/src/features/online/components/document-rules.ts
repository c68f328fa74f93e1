import { onlineDocumentMaxBytes, onlineDocumentTypes, onlineMessages } from '@dnx/shared';
import type { RuleObject } from 'antd/es/form';

/** What a file the browser picked needs (the server checks the content again, whatever the name). */
export interface PickedFile {
  size: number;
  type: string;
}

/**
 * The shared messages for a picked document: required and missing, above 5 MB, or of a type the browser names
 * and the contract does not take (a browser that names no type leaves it to the server).
 */
export function documentProblem(file: PickedFile | undefined, required: boolean): string | null {
  if (!file) return required ? onlineMessages.fileRequired : null;
  if (file.size > onlineDocumentMaxBytes) return onlineMessages.fileTooLarge;
  if (file.type && !(onlineDocumentTypes as readonly string[]).includes(file.type))
    return onlineMessages.fileTypeInvalid;
  return null;
}

export const documentRule = (required: boolean): RuleObject => ({
  validator: async (_rule, file: PickedFile | undefined) => {
    const problem = documentProblem(file, required);
    if (problem) throw new Error(problem);
  },
});

const megabyte = 1024 * 1024;

/** A file's size as people read it: "12 KB" below a megabyte, else "1,2 MB" (the Azerbaijani comma). */
export function sizeText(bytes: number): string {
  if (bytes < megabyte) return `${Math.max(1, Math.ceil(bytes / 1024))} KB`;
  return `${(bytes / megabyte).toFixed(1).replace('.', ',')} MB`;
}
