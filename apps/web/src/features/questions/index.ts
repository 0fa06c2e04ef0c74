// What other features use of authoring: the rich-text editor (the admin's reference panel reuses it).
export { RichTextField } from './components/rich-text-field';
