// The error-code constants (`ERR_SUCC`, ...) are visible with `import ImSDK`, as the vendor's
// umbrella header makes them.
@_exported import TIMErrorCode

// The 5.x legacy framework shipped the V2 headers under the `ImSDK` module too, so code of that era
// reaches `V2TIMManager` with `import ImSDK` alone.
@_exported import ImSDK_Plus
