import { driver } from './session.driver'
import { drivePaths } from './runner'

drivePaths(driver)
