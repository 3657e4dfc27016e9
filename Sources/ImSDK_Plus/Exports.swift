// The error-code constants (`ERR_SUCC`, ...) are visible with `import ImSDK_Plus` alone, as the
// vendor's umbrella header makes them.
@_exported import TIMErrorCode
