import IMTransportKit
import XCTest
