import classes from './form-field.module.css';

/** Mantine classNames for a field whose error shows when it is left: its error line's space is kept. */
export const reservedErrorLine = { root: classes.field, wrapper: classes.wrapper, error: classes.error };
