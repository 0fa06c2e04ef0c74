// One icon per import (the package's barrel would bundle every icon): the per-icon modules carry no types of their own.
declare module '@tabler/icons-react/dist/esm/icons/*.mjs' {
  const Icon: import('react').FunctionComponent<import('@tabler/icons-react').IconProps>;
  export default Icon;
}
