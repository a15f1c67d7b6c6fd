import { useState } from "react";
import { TextField } from "./ui/field";
import { useDebouncedCallback } from "../lib/use-debounced-callback";

/**
 * The search input of a list: filters as the user types, a moment after the last keystroke, and
 * at once on Enter (issue 23: the history searched only on Enter). `onSearch` gets the trimmed text.
 */
export function SearchField({
  initialValue,
  onSearch,
  placeholder,
  label = "Suche",
}: {
  initialValue: string;
  onSearch: (text: string) => void;
  placeholder?: string;
  label?: string;
}) {
  const [text, setText] = useState(initialValue);
  const search = useDebouncedCallback((value: string) => onSearch(value.trim()));
  return (
    <TextField
      label={label}
      type="search"
      value={text}
      placeholder={placeholder}
      onChange={(event) => {
        setText(event.target.value);
        search.schedule(event.target.value);
      }}
      onKeyDown={(event) => {
        if (event.key !== "Enter") return;
        event.preventDefault();
        search.flush(text);
      }}
    />
  );
}
