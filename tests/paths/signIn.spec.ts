import { driver } from './signIn.driver'
import { drivePaths } from './runner'

drivePaths(driver)
