#include "CIMTestSandbox.h"

/// Runs when the test bundle is loaded (before XCTest builds or runs any test, also under
/// `swift test --filter` and in each `--parallel` worker): no test can reach the SDK's default
/// data directory before the sandbox is in place.
__attribute__((constructor)) static void imsdk_test_sandbox_on_load(void) {
    imsdk_install_test_sandbox();
}
