// The error-code constants (`ERR_SUCC`, ...) are visible with `import ImSDK`, as the vendor's
// umbrella header makes them.
@_exported import TIMErrorCode
