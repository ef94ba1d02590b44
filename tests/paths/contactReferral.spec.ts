import { driver } from './contactReferral.driver'
import { drivePaths } from './runner'

drivePaths(driver)
