// What the rest of the app uses of the inspector's phone (issue 46).
export { forgetSnapshot } from './kept-list';
