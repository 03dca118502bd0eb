import { createContext, useContext } from 'react';

/** The form's values are a saved record's, so every error shows at once. */
export const FormEditingContext = createContext(false);

export const useFormEditing = () => useContext(FormEditingContext);
