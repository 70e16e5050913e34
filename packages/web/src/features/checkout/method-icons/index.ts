export { methodIconCodeOf, methodIconCodes, type MethodIconCode } from './method-icon-codes';
export {
  MethodIcon,
  methodIconSize,
  METHOD_ICON_MAX_HEIGHT,
  METHOD_ICON_MAX_WIDTH,
  type MethodIconProps,
} from './method-icon';
