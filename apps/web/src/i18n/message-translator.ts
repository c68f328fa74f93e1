// Its own chunk: the shared messages' English and Russian catalogues, loaded with either language.
export { translateMessage } from '@dnx/shared';
