#ifndef CIMTESTSANDBOX_H
#define CIMTESTSANDBOX_H

/// Points the SDK's default data directory at a sandbox for the test run and starts watching it.
/// Implemented in Swift by IMTestSandbox (`DataHomeSandbox.install()`).
void imsdk_install_test_sandbox(void);

#endif
